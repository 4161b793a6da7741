import {
  addBreadcrumb,
  captureException,
  createStackParser,
  createTransport,
  nodeStackLineParser,
  ServerRuntimeClient,
  setCurrentClient,
  getCurrentScope,
  type Transport,
} from '@sentry/core';
import { describe, expect, it, vi } from 'vitest';
import { FILTERED, filterErrorEvent, prepareBreadcrumb, prepareErrorEvent, scrubText } from '@contract/error-reporting';
import { beforeBreadcrumb, beforeSend, buildSentryOptions, droppedIntegrations, initSentry, processGoneEvents } from '../../main/src/sentry';

/** A value that must never reach Sentry: it stands for a session token, a password, a key. */
const CANARY = 'Cnry7Tok3n-Q2x9LmZpW4vB8nR1sD6fH0jK5gY3uE7a';
const CANARY_PASSWORD = 'Canary-Passw0rd!';
const CANARY_CODE = '428193';
/** The body of a service account's private key, a client key's secret part, a code mailed in prose. */
const CANARY_PEM_BODY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwCanaryPemBody';
const CANARY_PEM = `-----BEGIN PRIVATE KEY-----\n${CANARY_PEM_BODY}\n-----END PRIVATE KEY-----\n`;
const CANARY_CLIENT_KEY_TAIL = 'Q2x9LmZpW4vB8nR1sD6fH0jK5gY3uE7aTcan';
const CANARY_CLIENT_KEY = `pk_AbCdEfGhI${CANARY_CLIENT_KEY_TAIL}`;
const CANARY_PROSE_CODE = '615204';

const sdk = {
  IPCMode: { Classic: 1 },
  childProcessIntegration: (options: { events: ReadonlyArray<string> }): { name: string; events?: ReadonlyArray<string> } => ({ name: 'ChildProcess', events: options.events }),
};
const dsn = 'https://key@o1.ingest.sentry.io/1';

describe('Sentry options', () => {
  it('drops ResizeObserver loop reports, by message or by exception value', () => {
    expect(beforeSend({ message: 'ResizeObserver loop completed with undelivered notifications.' })).toBeNull();
    expect(beforeSend({ exception: { values: [{ value: 'Other' }, { value: 'ResizeObserver loop limit exceeded' }] } })).toBeNull();
  });

  it('uses the rules the renderer shares (contract/error-reporting.ts)', () => {
    expect(beforeSend).toBe(prepareErrorEvent);
    expect(beforeBreadcrumb).toBe(prepareBreadcrumb);
    expect(filterErrorEvent({ message: 'x' })).toEqual({ message: 'x' });
  });

  it('keeps an ordinary report as it was', () => {
    const event = { message: 'TypeError: x is undefined', exception: { values: [{ value: 'x is undefined' }] }, extra: { code: 1001, retried: true } };
    expect(beforeSend(event)).toEqual(event);
    expect(beforeSend({})).toEqual({});
  });

  it('samples everything in production and nothing otherwise, without PII or screenshots, in classic IPC mode', () => {
    const production = buildSentryOptions({ dsn, production: true, release: 'palette-console@1.0.0' }, sdk);
    expect(production).toMatchObject({ sampleRate: 1, tracesSampleRate: 1, environment: 'production', sendDefaultPii: false, attachScreenshot: false, ipcMode: 1, beforeSend, beforeBreadcrumb });
    const development = buildSentryOptions({ dsn, production: false, release: 'palette-console@1.0.0' }, sdk);
    expect(development).toMatchObject({ sampleRate: 0, tracesSampleRate: 0, environment: 'development' });
  });

  it('leaves out native crash dumps, local variables, screenshots and the injected preload; reports process crashes as events', () => {
    const options = buildSentryOptions({ dsn, production: true, release: 'r' }, sdk)!;
    const defaults = ['SentryMinidump', 'ElectronBreadcrumbs', 'ChildProcess', 'PreloadInjection', 'Screenshots', 'LocalVariables', 'OnUncaughtException', 'MainProcessSession'].map((name) => ({ name }));
    const chosen = options.integrations(defaults);
    expect(chosen.map((i) => i.name)).toEqual(['ElectronBreadcrumbs', 'OnUncaughtException', 'MainProcessSession', 'ChildProcess']);
    expect(chosen.at(-1)).toMatchObject({ events: processGoneEvents });
    expect(processGoneEvents).toContain('crashed');
    for (const name of ['SentryMinidump', 'ElectronMinidump', 'LocalVariables', 'Screenshots', 'PreloadInjection']) expect(droppedIntegrations.has(name)).toBe(true);
  });

  it('stays off without a DSN', () => {
    const init = vi.fn();
    expect(buildSentryOptions({ dsn: undefined, production: true, release: 'r' }, sdk)).toBeNull();
    expect(initSentry({ ...sdk, init }, { dsn: '  ', production: true, release: 'r' })).toBe(false);
    expect(init).not.toHaveBeenCalled();
    expect(initSentry({ ...sdk, init }, { dsn, production: true, release: 'r' })).toBe(true);
    expect(init).toHaveBeenCalledOnce();
  });
});

describe('scrubbing', () => {
  it('filters credentials out of free text', () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      [`Authorization: Bearer ${CANARY}`, `Authorization: ${FILTERED}`],
      [`request failed (Bearer ${CANARY})`, `request failed (Bearer ${FILTERED})`],
      [`GET http://127.0.0.1:5178/?key=${CANARY}`, `GET http://127.0.0.1:5178/?key=${FILTERED}`],
      [`Cookie: palette_launch_5178=${CANARY}; other=1`, `Cookie: ${FILTERED}`],
      [`palette_launch_5178=${CANARY}`, `palette_launch_5178=${FILTERED}`],
      [`{"email":"a@b.co","password":"${CANARY_PASSWORD}"}`, `{"email":"a@b.co","password":"${FILTERED}"}`],
      [`palette://login?reset=${CANARY_CODE}&email=a%40b.co`, `palette://login?reset=${FILTERED}&email=${FILTERED}`],
      [`palette://preview/${CANARY}`, `palette://preview/${FILTERED}`],
      [`/#palette-page-key=${CANARY}`, `/#palette-page-key=${FILTERED}`],
      [`token ${CANARY} expired`, `token ${FILTERED} expired`],
    ];
    for (const [input, output] of cases) expect(scrubText(input), input).toBe(output);
    for (const harmless of ['Cannot read properties of undefined', 'renderer/src/app/createRendererEventLoopBlockStatusHandler.ts', 'Token invalid (101005)']) {
      expect(scrubText(harmless)).toBe(harmless);
    }
  });

  it('sends no canary from a real Sentry client: event, request, extras, contexts, stack variables and breadcrumbs', async () => {
    const bodies: string[] = [];
    const transport = (options: Parameters<typeof createTransport>[0]): Transport =>
      createTransport(options, async (request) => {
        bodies.push(typeof request.body === 'string' ? request.body : Buffer.from(request.body).toString('utf8'));
        return { statusCode: 200 };
      });
    const client = new ServerRuntimeClient({
      dsn,
      integrations: [],
      stackParser: createStackParser(nodeStackLineParser()),
      transport,
      sampleRate: 1,
      sendDefaultPii: false,
      beforeSend,
      beforeBreadcrumb,
    });
    setCurrentClient(client);
    client.init();
    const scope = getCurrentScope();

    addBreadcrumb({ category: 'fetch', data: { url: `http://127.0.0.1:5178/__palette/ipc/session.get?token=${CANARY}`, method: 'POST' } });
    addBreadcrumb({ category: 'console', message: `sign-in with {"email":"a@b.co","password":"${CANARY_PASSWORD}"}` });
    addBreadcrumb({ category: 'navigation', data: { from: '/', to: `/invitations/accept?code=${CANARY}` } });
    // A breadcrumb that reaches the scope directly (as the renderer's arrive in main) is scrubbed on send.
    scope.addBreadcrumb({ category: 'ipc', message: `session.signIn password=${CANARY_PASSWORD}`, data: { password: CANARY_PASSWORD, headers: { Authorization: `Bearer ${CANARY}` } } });
    scope.setExtra('session', { token: CANARY, apiKey: CANARY });
    scope.setContext('host', { launchUrl: `http://127.0.0.1:5178/?key=${CANARY}`, pageKey: CANARY });
    scope.setTag('link', `palette://login?reset=${CANARY_CODE}&email=a%40b.co`);
    // Issue 18 §3: a service account's key, its settings field, a client key and a code in prose.
    scope.setExtra('app', { settings: { serviceAccountJson: JSON.stringify({ type: 'service_account', private_key: CANARY_PEM }) } });
    addBreadcrumb({ category: 'console', message: `saving {"serviceAccountJson":${JSON.stringify(JSON.stringify({ private_key: CANARY_PEM }))}} failed` });
    addBreadcrumb({ category: 'fetch', data: { url: `http://127.0.0.1:8787/client/v1/${CANARY_CLIENT_KEY}/config?platform=ios` } });
    addBreadcrumb({ category: 'console', message: `mail sent: your code is ${CANARY_PROSE_CODE}` });

    captureException(new Error(`API call failed: Authorization: Bearer ${CANARY}; reading ${CANARY_PEM} failed; key ${CANARY_CLIENT_KEY}; the code is ${CANARY_PROSE_CODE}`), {
      captureContext: {
        extra: { body: JSON.stringify({ email: 'a@b.co', password: CANARY_PASSWORD }), code: 1001 },
        contexts: { frameVars: { vars: { token: CANARY, password: CANARY_PASSWORD, cookie: `palette_launch_5178=${CANARY}` } } },
      },
    });
    client.captureEvent({
      message: `launch link http://127.0.0.1:5178/?key=${CANARY} failed`,
      request: {
        url: `http://127.0.0.1:5178/__palette/events?key=${CANARY}`,
        query_string: `key=${CANARY}`,
        headers: { Authorization: `Bearer ${CANARY}`, Cookie: `palette_launch_5178=${CANARY}`, 'X-Palette-Page-Key': CANARY, Accept: 'text/event-stream' },
        cookies: { palette_launch_5178: CANARY },
        data: { password: CANARY_PASSWORD, email: 'a@b.co' },
      },
    });
    await client.flush(2_000);

    const sent = bodies.join('\n');
    expect(bodies.length).toBe(2);
    expect(sent).toContain('API call failed');
    expect(sent).toContain('text/event-stream');
    expect(sent).toContain(FILTERED);
    expect(sent).toContain('1001');
    expect(sent).not.toContain(CANARY);
    expect(sent).not.toContain(CANARY_PASSWORD);
    expect(sent).not.toContain(CANARY_CODE);
    expect(sent).not.toContain(CANARY_PEM_BODY);
    expect(sent).not.toContain(CANARY_CLIENT_KEY_TAIL);
    expect(sent).not.toContain(CANARY_PROSE_CODE);
    expect(sent).toContain('pk_AbCdEfGhI');
  });
});
