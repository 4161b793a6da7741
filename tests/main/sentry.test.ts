import { describe, expect, it, vi } from 'vitest';
import { filterErrorEvent } from '@contract/error-reporting';
import { beforeSend, buildSentryOptions, initSentry } from '../../main/src/sentry';

describe('Sentry', () => {
  it('drops ResizeObserver loop reports, by message or by exception value', () => {
    expect(beforeSend({ message: 'ResizeObserver loop completed with undelivered notifications.' })).toBeNull();
    expect(beforeSend({ exception: { values: [{ value: 'Other' }, { value: 'ResizeObserver loop limit exceeded' }] } })).toBeNull();
  });

  it('uses the filter the renderer shares (contract/error-reporting.ts)', () => {
    expect(beforeSend).toBe(filterErrorEvent);
  });

  it('keeps every other report unchanged', () => {
    const event = { message: 'TypeError: x is undefined', exception: { values: [{ value: 'x is undefined' }] } };
    expect(beforeSend(event)).toBe(event);
    expect(beforeSend({})).toEqual({});
  });

  it('samples everything in production and nothing otherwise', () => {
    const production = buildSentryOptions({ dsn: 'https://key@o1.ingest.sentry.io/1', production: true, release: 'palette-console@1.0.0' });
    expect(production).toMatchObject({ sampleRate: 1, tracesSampleRate: 1, environment: 'production', sendDefaultPii: false, beforeSend });
    const development = buildSentryOptions({ dsn: 'https://key@o1.ingest.sentry.io/1', production: false, release: 'palette-console@1.0.0' });
    expect(development).toMatchObject({ sampleRate: 0, tracesSampleRate: 0, environment: 'development' });
  });

  it('stays off without a DSN', () => {
    const init = vi.fn();
    expect(buildSentryOptions({ dsn: undefined, production: true, release: 'r' })).toBeNull();
    expect(initSentry(init, { dsn: '  ', production: true, release: 'r' })).toBe(false);
    expect(init).not.toHaveBeenCalled();
    expect(initSentry(init, { dsn: 'https://key@o1.ingest.sentry.io/1', production: true, release: 'r' })).toBe(true);
    expect(init).toHaveBeenCalledOnce();
  });
});
