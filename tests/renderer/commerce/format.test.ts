import { describe, expect, it } from 'vitest';
import { subscriptionStates, transactionStatuses, unlockStatuses } from '@contract/api/commerce';
import { dayBound, formatPrice, formatSpent, stateColor, statusColor, unlockColor } from '../../../renderer/src/commerce/format';

describe('commerce display rules', () => {
  it('shows money in its own currency, or the bare amount without one', () => {
    expect(formatPrice(9.99, 'USD', 'en-US')).toBe('$9.99');
    expect(formatPrice(27.99, 'BRL', 'en-US')).toBe('R$27.99');
    expect(formatPrice(68, 'CNY', 'zh-CN')).toBe('¥68.00');
    expect(formatPrice(1.5, null, 'en-US')).toBe('1.5');
    expect(formatPrice(null, 'USD', 'en-US')).toBe('');
    // A code Intl does not know still shows.
    expect(formatPrice(3, 'XYZ1', 'en-US')).toBe('3 XYZ1');
  });

  it('lists spend per currency, largest first', () => {
    expect(formatSpent({ EUR: 9.99, USD: 59.98 }, 'en-US')).toBe('$59.98 · €9.99');
    expect(formatSpent({}, 'en-US')).toBe('');
  });

  it('gives every state, status and unlock status a badge colour', () => {
    expect(subscriptionStates.map(stateColor)).toEqual(['brand', 'success', 'warning', 'warning', 'subtle', 'danger', 'danger']);
    expect(transactionStatuses.map(statusColor)).toEqual(['success', 'brand', 'danger', 'danger']);
    expect(unlockStatuses.map(unlockColor)).toEqual(['warning', 'success', 'subtle', 'danger']);
  });

  it('reads a date input as the start or end of that local day', () => {
    expect(dayBound('2030-01-31', false)).toBe(new Date('2030-01-31T00:00:00.000').toISOString());
    expect(dayBound('2030-01-31', true)).toBe(new Date('2030-01-31T23:59:59.999').toISOString());
    expect(dayBound('31/01/2030', false)).toBeUndefined();
    expect(dayBound('', true)).toBeUndefined();
  });
});
