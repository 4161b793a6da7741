import { createHash } from 'node:crypto';
import { bannerKind, regionGroupKind, languageKind, retentionPopupKind, startPageKind, subscriptionPageKind, type AnyConfigKind, type ConfigItem } from '@contract/config';
import type { MediaRuleId } from '@contract/media';
import { ConfigRepository } from '../../config/repository';
import type { Database } from '../../db/client';
import type { ChangeContext } from '../../resources/audit';
import type { Clock } from '../../shared/clock';
import { UploadsRepository } from '../media/repository';
import { MediaService } from '../media/service';
import type { MediaStorage } from '../media/storage';
import { gradientPng, melodyWav } from './demo-media';
import { seedDemoPopups } from './popups-demo';

/** The countries of the European Union, for the demo's region group. */
const EU = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'];

const plan = (key: string, period: string, extra: Record<string, unknown> = {}) => ({
  period,
  products: { ios: { productId: `palette.pro.${key}` }, android: { productId: `palette.pro.${key}` } },
  freeTrialDays: 0,
  highlighted: false,
  ...extra,
});

/**
 * The demo project's configuration: region groups and the app's languages (official), an evergreen
 * subscription page that is official and has an unpublished draft change, and a countdown sale in
 * preview for Greater China, so a newcomer sees every state of the life cycle; banners in their
 * order with a "take the same" template and its music, start pages and retention popups (issue 11),
 * their pictures and music made on the spot and uploaded through the media service, checked like
 * any upload. Everything goes through the same repository as the API, with its revisions and config
 * records.
 */
export async function seedDemoConfiguration(db: Database, context: ChangeContext, clock: Clock, storage: MediaStorage): Promise<void> {
  const repo = (kind: AnyConfigKind) => new ConfigRepository(db, kind, clock);
  const live = async (kind: AnyConfigKind, draft: Record<string, unknown>, official = true): Promise<ConfigItem> => {
    const r = repo(kind);
    let item = await r.create(context, draft);
    item = await r.publish(context, item.id, item.version, 'Demo data');
    return official ? r.promote(context, item.id, item.version) : item;
  };

  const china = await live(regionGroupKind, { name: 'Greater China', regions: ['CN', 'HK', 'MO', 'TW'], description: 'Mainland China, Hong Kong, Macao and Taiwan.' });
  await live(regionGroupKind, { name: 'European Union', regions: EU });
  await live(regionGroupKind, { name: 'North America', regions: ['US', 'CA', 'MX'] });

  for (const [name, code, nativeName, isDefault] of [
    ['English', 'en', 'English', true],
    ['Chinese', 'zh', '中文', false],
    ['Japanese', 'ja', '日本語', false],
    ['French', 'fr', 'Français', false],
  ] as const) {
    await live(languageKind, { name, code, nativeName, isDefault });
  }

  const timeZone = 'Asia/Shanghai';
  const evergreen = {
    name: 'Pro — evergreen',
    enabled: true,
    schedule: { startsAt: null, endsAt: null, timeZone, daily: null },
    targeting: { platforms: [], minVersion: '2.0.00', maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] },
    pageType: 'promotion',
    title: 'Unlock every tool',
    subtitle: 'Filters, AI effects and 4K export without watermark',
    backgroundColourIndex: 11,
    textColourIndex: 0,
    label: 'Best value',
    buttonContent: 'Start free trial',
    highlight: 'Cancel any time',
    entrances: ['home', 'settings', 'banner'],
    plans: [
      plan('yearly', 'yearly', { freeTrialDays: 3, discount: 0.5, discountDescription: 'Half the monthly price', highlighted: true }),
      plan('monthly', 'monthly'),
      plan('weekly', 'weekly'),
    ],
  };
  const page = await live(subscriptionPageKind, evergreen);
  // An edit waiting to be published: the draft differs from what is live.
  await repo(subscriptionPageKind).saveDraft(context, page.id, page.version, { ...evergreen, title: 'Create without limits', label: 'Most popular' });

  const now = clock();
  await live(
    subscriptionPageKind,
    {
      name: 'Spring sale — countdown',
      enabled: true,
      schedule: { startsAt: now.toISOString(), endsAt: new Date(now.getTime() + 14 * 86_400_000).toISOString(), timeZone, daily: null },
      targeting: { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [china.id], exclude: [] }, languages: ['zh'] },
      pageType: 'countdown',
      title: '春季特惠',
      subtitle: '年度会员限时 6 折',
      backgroundColourIndex: 2,
      textColourIndex: 0,
      label: '限时',
      buttonContent: '立即订阅',
      entrances: ['home', 'banner'],
      plans: [plan('yearly', 'yearly', { discount: 0.6, discountDescription: '限时 6 折', highlighted: true }), plan('lifetime', 'permanent')],
    },
    false,
  );
  await seedIssue11Kinds(db, context, clock, storage, { china: china.id, timeZone, now });
  await seedDemoPopups(db, context, clock, storage, timeZone);
}

const anyone = { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] };
/** Notes of C major (Hz); 0 is a rest. */
const C4 = 261.63;
const E4 = 329.63;
const G4 = 392.0;
const A4 = 440.0;
const C5 = 523.25;

/**
 * Banners (official, in an order; one waiting in preview), start pages (an official splash and a
 * spring one in preview for Greater China) and retention popups for three moments, their media made
 * and uploaded here.
 */
async function seedIssue11Kinds(db: Database, context: ChangeContext, clock: Clock, storage: MediaStorage, where: { china: string; timeZone: string; now: Date }): Promise<void> {
  const media = new MediaService(storage, new UploadsRepository(db));
  const upload = async (ruleId: MediaRuleId, fileName: string, bytes: Buffer): Promise<string> => {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const stored = await media.receive({ projectId: context.projectId, userId: context.actor.id, ruleId, sha256, now: context.now, fileName, bytes });
    return stored.url;
  };
  const live = async (kind: AnyConfigKind, draft: Record<string, unknown>, official = true): Promise<ConfigItem> => {
    const r = new ConfigRepository(db, kind, clock);
    let item = await r.create(context, draft);
    item = await r.publish(context, item.id, item.version, 'Demo data');
    return official ? r.promote(context, item.id, item.version) : item;
  };
  const open = { startsAt: null, endsAt: null, timeZone: where.timeZone, daily: null };

  const sunny = await upload('banner.music', 'sunny-day.wav', melodyWav([C4, E4, G4, C5, G4, E4, C4, 0, A4, G4, E4, C4], 400));
  const evening = await upload('banner.music', 'evening.wav', melodyWav([A4, 0, E4, 0, C4, E4, A4, 0], 500));
  await live(bannerKind, {
    name: 'Summer looks — take the same',
    enabled: true,
    schedule: open,
    targeting: anyone,
    position: 'homeTop',
    media: await upload('banner.media', 'summer-looks.png', gradientPng(1280, 640, '#FF9F1C', '#F72585')),
    textLayer: { title: 'Summer looks', subtitle: 'Warm light and film grain in one tap', colour: '#FFFFFF', placement: 'bottom' },
    takeTheSame: { templateId: 'tpl_summer_2025', buttonText: 'Take the same', paragraph: 'Golden-hour colours, soft grain and a beat-synced cut.' },
    defaultMusic: sunny,
    musicList: [
      { name: 'Sunny day', url: sunny },
      { name: 'Evening walk', url: evening },
    ],
  });
  await live(bannerKind, {
    name: 'AI portraits',
    enabled: true,
    schedule: open,
    targeting: anyone,
    position: 'homeTop',
    media: await upload('banner.media', 'ai-portraits.png', gradientPng(1280, 640, '#4361EE', '#7209B7')),
    textLayer: { title: 'AI portraits', subtitle: 'New styles every week', colour: '#FFFFFF', placement: 'center' },
  });
  await live(bannerKind, {
    name: 'Templates of the week',
    enabled: true,
    schedule: open,
    targeting: anyone,
    position: 'templates',
    media: await upload('banner.media', 'templates.png', gradientPng(1280, 640, '#0EAD69', '#1F2937')),
    textLayer: { title: 'Templates of the week', colour: '#FFFFFF', placement: 'top' },
    takeTheSame: { templateId: 'tpl_weekly_picks', buttonText: 'Try it' },
    musicList: [{ name: 'Evening walk', url: evening }],
  });
  await live(
    bannerKind,
    {
      name: 'Pro upgrade — profile',
      enabled: true,
      schedule: open,
      targeting: anyone,
      position: 'profile',
      media: await upload('banner.media', 'pro-upgrade.png', gradientPng(1280, 640, '#1F2937', '#4361EE')),
      textLayer: { title: 'Go Pro', subtitle: '4K export, no watermark', colour: '#FFD23F', placement: 'center' },
    },
    false,
  );

  await live(startPageKind, {
    name: 'Brand splash',
    enabled: true,
    schedule: open,
    targeting: anyone,
    image: await upload('startPage.image', 'brand-splash.png', gradientPng(1080, 1920, '#4361EE', '#F72585')),
    displaySeconds: 3,
    skippable: true,
    skipAfterSeconds: 1,
  });
  await live(
    startPageKind,
    {
      name: 'Spring festival splash',
      enabled: true,
      schedule: { startsAt: where.now.toISOString(), endsAt: new Date(where.now.getTime() + 14 * 86_400_000).toISOString(), timeZone: where.timeZone, daily: null },
      targeting: { ...anyone, regionGroups: { include: [where.china], exclude: [] }, languages: ['zh'] },
      image: await upload('startPage.image', 'spring-festival.png', gradientPng(1080, 1920, '#FF5A5F', '#FFD23F')),
      displaySeconds: 5,
      skippable: false,
    },
    false,
  );

  const colours = { mainTitleColour: '#1F2937', subtitleColour: '#4B5563', background: { colour: '#FFFFFF' }, priceColour: '#E11D48' };
  await live(retentionPopupKind, {
    name: 'Trial ends tomorrow',
    enabled: true,
    schedule: open,
    targeting: anyone,
    popupType: 'trialReminder',
    mainTitle: 'Your trial ends tomorrow',
    subtitle: 'Keep every filter, AI effect and 4K export.',
    ...colours,
    subscribeButton: { text: 'Keep Pro', textColour: '#FFFFFF', backgroundColour: '#4361EE' },
    closeButton: { text: 'Remind me later', colour: '#6B7280' },
  });
  await live(retentionPopupKind, {
    name: '取消试用确认',
    enabled: true,
    schedule: open,
    targeting: { ...anyone, languages: ['zh'] },
    popupType: 'trialCancellation',
    mainTitle: '确定要取消试用吗？',
    subtitle: '取消后将无法使用全部滤镜与 4K 导出。',
    ...colours,
    subscribeButton: { text: '继续使用 Pro', textColour: '#FFFFFF', backgroundColour: '#E11D48' },
    closeButton: { text: '仍要取消', colour: '#6B7280' },
  });
  await live(retentionPopupKind, {
    name: 'Welcome back offer',
    enabled: true,
    schedule: open,
    targeting: anyone,
    popupType: 'resubscribed',
    mainTitle: 'Welcome back!',
    subtitle: 'Half price on your first year back.',
    mainTitleColour: '#FFFFFF',
    subtitleColour: '#E5E7EB',
    background: { colour: '#1F2937' },
    priceColour: '#FFD23F',
    subscribeButton: { text: 'Claim 50% off', textColour: '#1F2937', backgroundColour: '#FFD23F' },
    closeButton: { text: 'Not now', colour: '#D1D5DB' },
  });
}
