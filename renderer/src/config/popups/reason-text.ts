import type { PopupReason } from '@contract/config/popup-choice';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The sentence an operator reads for one reason of the popup choice (contract/config/popup-choice.ts),
 * in the console's language: the core evaluation's reasons with `config:common.reasons`, the popup's
 * own with `config:popups.reasons`. Values become what the console shows for them: option labels,
 * the winner's name, times in the console's language. Nothing is decided here; the reason is the
 * choice's.
 */
export function popupReasonText(reason: PopupReason, t: Translate, names: ReadonlyMap<string, string>, formatTime: (iso: string) => string): string {
  const list = (values: readonly string[], group: string) => values.map((value) => t(`config:popups.${group}.${value}`)).join(t('configUi:diff.listSeparator'));
  switch (reason.code) {
    case 'audience':
      return t('config:popups.reasons.audience', { audience: t(`config:popups.audiences.${reason.audience}`) });
    case 'page':
      return t('config:popups.reasons.page', { pages: list(reason.pages, 'pages') });
    case 'phoneTier':
      return t('config:popups.reasons.phoneTier', { tiers: list(reason.tiers, 'phoneTiers') });
    case 'condition':
      return t('config:popups.reasons.condition', { launchCount: reason.launchCount, operator: t(`operators:${reason.operator}`), value: reason.value });
    case 'frequency':
      return t('config:popups.reasons.frequency', { lastShownAt: formatTime(reason.lastShownAt), nextAt: formatTime(reason.nextAt) });
    case 'timesPerUser':
      return t('config:popups.reasons.timesPerUser', { shown: reason.shown, times: reason.times });
    case 'budgetSession':
      return t('config:popups.reasons.budgetSession', { used: reason.used, cap: reason.cap });
    case 'budgetDay':
      return t('config:popups.reasons.budgetDay', { used: reason.used, cap: reason.cap, nextAt: formatTime(reason.nextAt) });
    case 'lostOnPriority':
      return t('config:popups.reasons.lostOnPriority', {
        winner: names.get(reason.winner) ?? reason.winner,
        priority: t(`config:popups.priorities.${reason.priority}`),
        winnerPriority: t(`config:popups.priorities.${reason.winnerPriority}`),
      });
    case 'lostOnWeight':
      return t('config:popups.reasons.lostOnWeight', { winner: names.get(reason.winner) ?? reason.winner, weight: reason.weight, total: reason.total });
    default: {
      // The core evaluation's reasons (evaluate.ts), as the audience check words them.
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(reason)) {
        if (key === 'code') continue;
        params[key] = (key === 'startsAt' || key === 'endsAt') && typeof value === 'string' ? formatTime(value) : Array.isArray(value) ? value.join(', ') : String(value);
      }
      return t(`config:common.reasons.${reason.code}`, params);
    }
  }
}
