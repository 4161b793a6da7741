import { describe, expect, it } from 'vitest';
import { filterErrorEvent, isIgnoredErrorEvent, sampleRates } from '@contract/error-reporting';

describe('error reporting rules', () => {
  it('ignores ResizeObserver loop reports, by message or by any exception value', () => {
    expect(isIgnoredErrorEvent({ message: 'ResizeObserver loop completed with undelivered notifications.' })).toBe(true);
    expect(isIgnoredErrorEvent({ exception: { values: [{ value: 'Other' }, { value: 'ResizeObserver loop limit exceeded' }] } })).toBe(true);
  });

  it('keeps every other report', () => {
    expect(isIgnoredErrorEvent({})).toBe(false);
    expect(isIgnoredErrorEvent({ message: 'TypeError: x is undefined', exception: { values: [{}, { value: 'x is undefined' }] } })).toBe(false);
    const event = { message: 'boom', extra: 1 };
    expect(filterErrorEvent(event)).toBe(event);
    expect(filterErrorEvent({ message: 'ResizeObserver loop' })).toBeNull();
  });

  it('samples everything in production and nothing otherwise', () => {
    expect(sampleRates(true)).toEqual({ sampleRate: 1, tracesSampleRate: 1 });
    expect(sampleRates(false)).toEqual({ sampleRate: 0, tracesSampleRate: 0 });
  });
});
