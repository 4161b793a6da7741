import { describe, expect, it } from 'vitest';
import { FILTERED, filterErrorEvent, isIgnoredErrorEvent, prepareErrorEvent, sampleRates, scrubText } from '@contract/error-reporting';

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

describe('scrubbing what the outside review found let through (issue 18 §3)', () => {
  /** Canaries: none of these may survive scrubbing. */
  const KEY_BODY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7Canary';
  const pem = `-----BEGIN PRIVATE KEY-----\n${KEY_BODY}\nq8Zr5Canary2Line\n-----END PRIVATE KEY-----\n`;
  const CLIENT_KEY = 'pk_AbCdEfGhI7x2Qm9LpZw4vB8nR1sD6fH0jK5gY3uE7aT';
  const MAILED_CODE = '428193';

  it('filters a PEM private-key block, in plain text, inside JSON, and cut off before its END line', () => {
    for (const text of [
      `loading credentials failed: ${pem} (at load)`,
      JSON.stringify({ detail: `key ${pem}` }),
      `-----BEGIN RSA PRIVATE KEY-----\n${KEY_BODY}`,
      `-----BEGIN ENCRYPTED PRIVATE KEY-----\\n${KEY_BODY}\\n-----END ENCRYPTED PRIVATE KEY-----`,
    ]) {
      const scrubbed = scrubText(text);
      expect(scrubbed, text).not.toContain(KEY_BODY);
      expect(scrubbed).toContain(FILTERED);
    }
    expect(scrubText(`before ${pem} after`)).toBe(`before ${FILTERED}\n after`);
  });

  it('filters serviceAccountJson values: as a JSON string, as an object, as a key of a value, and its private_key', () => {
    const account = JSON.stringify({ type: 'service_account', client_email: 'x@p.iam.gserviceaccount.com', private_key_id: 'Canary-key-id-77', private_key: pem });
    const cases = [
      JSON.stringify({ settings: { serviceAccountJson: account } }),
      `update failed: {"serviceAccountJson": ${account}}`,
      `serviceAccountJson=${account}`,
      `"private_key": ${JSON.stringify(pem)}`,
    ];
    for (const text of cases) {
      const scrubbed = scrubText(text);
      expect(scrubbed, text).not.toContain(KEY_BODY);
      expect(scrubbed, text).not.toContain('Canary-key-id-77');
      expect(scrubbed).toContain(FILTERED);
    }
    expect(scrubText(JSON.stringify({ serviceAccountJson: account }))).toBe(`{"serviceAccountJson":${FILTERED}}`);
    const event = prepareErrorEvent({ message: 'x', extra: { serviceAccountJson: account, settings: { service_account: account } } });
    expect(JSON.stringify(event)).not.toContain('Canary');
  });

  it('keeps a client key to the first characters the console shows, in paths, queries and prose', () => {
    const cases = [
      `GET /client/v1/${CLIENT_KEY}/config?platform=ios failed`,
      `key ${CLIENT_KEY} was revoked`,
      JSON.stringify({ url: `https://cdn.example/client/v1/${CLIENT_KEY}/rules` }),
    ];
    for (const text of cases) {
      const scrubbed = scrubText(text);
      expect(scrubbed, text).not.toContain(CLIENT_KEY);
      expect(scrubbed).toContain(`pk_AbCdEfGhI${FILTERED}`);
    }
    expect(JSON.stringify(prepareErrorEvent({ message: 'x', extra: { clientKey: CLIENT_KEY } }))).not.toContain(CLIENT_KEY.slice(12));
  });

  it('filters a mailed code in prose, and keeps the catalogue codes and HTTP statuses', () => {
    for (const text of [
      `Your code is ${MAILED_CODE}.`,
      `the code was ${MAILED_CODE}`,
      `verification code: ${MAILED_CODE}`,
      `Sign-in code ${MAILED_CODE} expires in 10 minutes`,
      `{"text":"code is ${MAILED_CODE}"}`,
    ]) {
      expect(scrubText(text), text).not.toContain(MAILED_CODE);
    }
    for (const harmless of ['error code 101005', 'status code is 404', 'The server answered HTTP 500 with code 1002', 'exit code was 137', 'code 108004']) {
      expect(scrubText(harmless)).toBe(harmless);
    }
  });
});
