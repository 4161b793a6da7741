import { createHash } from 'node:crypto';
import { popupKind, type ConfigItem } from '@contract/config';
import { ConfigRepository } from '../../config/repository';
import type { Database } from '../../db/client';
import type { ChangeContext } from '../../resources/audit';
import type { Clock } from '../../shared/clock';
import { UploadsRepository } from '../media/repository';
import { MediaService } from '../media/service';
import type { MediaStorage } from '../media/storage';
import { InterruptionBudgetRepository } from '../popups/budget-repository';
import { gradientPng } from './demo-media';

const anyone = { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] };

/**
 * The demo project's popups (issue 11): a welcome tip for new users, an Image & Text offer that
 * competes with it on weight, a feedback question for regular users after their 5th launch (high
 * priority), an AI eraser free trial still in preview; and an interruption budget of 2 per session
 * and 4 per day, so the popup preview has something to explain from the first start.
 */
export async function seedDemoPopups(db: Database, context: ChangeContext, clock: Clock, storage: MediaStorage, timeZone: string): Promise<void> {
  const repository = new ConfigRepository(db, popupKind, clock);
  const live = async (draft: Record<string, unknown>, official = true): Promise<ConfigItem> => {
    let item = await repository.create(context, draft);
    item = await repository.publish(context, item.id, item.version, 'Demo data');
    return official ? repository.promote(context, item.id, item.version) : item;
  };
  const bytes = gradientPng(600, 800, '#7C3AED', '#F472B6');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const image = await new MediaService(storage, new UploadsRepository(db)).receive({
    projectId: context.projectId,
    userId: context.actor.id,
    ruleId: 'popup.image',
    sha256,
    now: context.now,
    fileName: 'summer-filters.png',
    bytes,
  });
  const common = {
    enabled: true,
    schedule: { startsAt: null, endsAt: null, timeZone, daily: null },
    targeting: anyone,
    whitelist: [],
    phoneTiers: [],
  };
  const close = { text: 'Close', action: 'dismiss' };

  await live({
    ...common,
    name: 'Welcome tips',
    popupType: 'text',
    title: 'Tap and hold to compare',
    body: 'Hold anywhere on your photo to see it before and after your edits.',
    audience: 'new',
    pages: ['editing'],
    elements: { confirm: { text: 'Got it', action: 'dismiss' }, close },
    frequency: { every: 1, unit: 'day' },
    timesPerUser: 3,
    weight: 3,
    priority: 'medium',
  });
  await live({
    ...common,
    name: 'Summer filters',
    popupType: 'imageText',
    title: 'New: summer filters',
    body: 'Twelve warm looks for beach and city photos.',
    image: image.url,
    audience: 'all',
    pages: ['home', 'editing'],
    elements: { button: { text: 'Try them', action: 'deepLink', target: 'palette://filters?set=summer' }, close },
    frequency: { every: 1, unit: 'week' },
    weight: 1,
    priority: 'medium',
  });
  await live({
    ...common,
    name: 'Rate Palette',
    popupType: 'feedback',
    title: 'Enjoying Palette?',
    feedback: { question: 'How would you rate your editing today?', answerType: 'rating', allowComment: true },
    audience: 'regular',
    pages: ['save', 'share'],
    elements: { confirm: { text: 'Send', action: 'submitFeedback' }, cancel: { text: 'Not now', action: 'dismiss' } },
    frequency: { every: 1, unit: 'twoWeeks' },
    timesPerUser: 3,
    weight: 1,
    priority: 'high',
    condition: { operator: 'gte', value: 5 },
  });
  await live(
    {
      ...common,
      name: 'AI eraser — free for a day',
      popupType: 'text',
      title: 'Erase anything, free today',
      body: 'Remove people and objects from your photos with one stroke.',
      audience: 'nonSubscribers',
      pages: ['editing', 'selfie'],
      elements: { confirm: { text: 'Try it free', action: 'claimFreeFeature' }, close },
      frequency: { every: 1, unit: 'month' },
      weight: 1,
      priority: 'low',
      phoneTiers: ['mid', 'high'],
      freeFeature: 'ai-eraser',
    },
    false,
  );
  await new InterruptionBudgetRepository(db).set(context, { perSession: 2, perDay: 4 }, 1);
}
