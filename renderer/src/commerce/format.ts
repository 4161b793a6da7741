import type { SubscriptionState, TransactionStatus, UnlockStatus } from '@contract/api/commerce';

/**
 * Display rules of commerce values, pure (tests call them): money in its own currency, spend per
 * currency, and the badge each state wears.
 */

/** A price in its currency for `locale` ("$9.99", "R$ 27,99"); the amount alone when the currency is unknown. */
export function formatPrice(price: number | null, currency: string | null, locale: string): string {
  if (price === null) return '';
  if (!currency) return new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(price);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(price);
  } catch {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(price)} ${currency}`;
  }
}

/** Spend per currency, largest first, joined ("$59.98 · €9.99"). */
export function formatSpent(spent: Readonly<Record<string, number>>, locale: string): string {
  return Object.entries(spent)
    .sort(([, a], [, b]) => b - a)
    .map(([currency, amount]) => formatPrice(amount, currency, locale))
    .join(' · ');
}

export type BadgeColor = 'success' | 'informative' | 'warning' | 'danger' | 'subtle' | 'brand';

const stateColors: Readonly<Record<SubscriptionState, BadgeColor>> = {
  active: 'success',
  trial: 'brand',
  grace: 'warning',
  billing_retry: 'warning',
  expired: 'subtle',
  refunded: 'danger',
  revoked: 'danger',
};

export function stateColor(state: SubscriptionState): BadgeColor {
  return stateColors[state];
}

const statusColors: Readonly<Record<TransactionStatus, BadgeColor>> = { purchased: 'success', trial: 'brand', refunded: 'danger', revoked: 'danger' };

export function statusColor(status: TransactionStatus): BadgeColor {
  return statusColors[status];
}

const unlockColors: Readonly<Record<UnlockStatus, BadgeColor>> = { pending: 'warning', granted: 'success', rejected: 'subtle', revoked: 'danger' };

export function unlockColor(status: UnlockStatus): BadgeColor {
  return unlockColors[status];
}

/** A date input's day as the start (or the end) of that day in the operator's zone, as ISO. */
export function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
