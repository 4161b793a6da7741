import { regionGroupKind, languageKind, subscriptionPageKind, type AnyConfigKind, type ConfigItem } from '@contract/config';
import { ConfigRepository } from '../../config/repository';
import type { Database } from '../../db/client';
import type { ChangeContext } from '../../resources/audit';
import type { Clock } from '../../shared/clock';

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
 * preview for Greater China, so a newcomer sees every state of the life cycle. Everything goes
 * through the same repository as the API, with its revisions and config records.
 */
export async function seedDemoConfiguration(db: Database, context: ChangeContext, clock: Clock): Promise<void> {
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
}
