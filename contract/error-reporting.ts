/**
 * The rules of error reporting that main and the renderer share.
 *
 * Both processes report through @sentry/electron (the renderer's SDK hands its events to main's);
 * keeping the filter and the sampling here means a rule changes in one place for both. Pure: no
 * Sentry, Node or DOM types, so it is tested and imported anywhere.
 */

/** The fields of a Sentry event the filter reads. */
export interface ErrorEventLike {
  readonly message?: string;
  readonly exception?: { readonly values?: ReadonlyArray<{ readonly value?: string }> };
}

/**
 * Messages that are noise, not errors. "ResizeObserver loop": the browser raises it when a layout
 * settles over more than one frame (virtualized lists do this constantly); harmless, and it would
 * drown real reports.
 */
export const ignoredErrorMessages: ReadonlyArray<string> = ['ResizeObserver loop'];

/** True when an event's message or any exception value carries an ignored message. */
export function isIgnoredErrorEvent(event: ErrorEventLike): boolean {
  const matches = (text: string | undefined) => text !== undefined && ignoredErrorMessages.some((noise) => text.includes(noise));
  if (matches(event.message)) return true;
  return event.exception?.values?.some((value) => matches(value.value)) ?? false;
}

/** A `beforeSend` for Sentry: drops ignored events, passes every other one unchanged. */
export function filterErrorEvent<E extends ErrorEventLike>(event: E): E | null {
  return isIgnoredErrorEvent(event) ? null : event;
}

/** How much is reported: everything from a packaged release, nothing from any other build. */
export function sampleRates(production: boolean): { readonly sampleRate: number; readonly tracesSampleRate: number } {
  const rate = production ? 1 : 0;
  return { sampleRate: rate, tracesSampleRate: rate };
}

/** What a scrubbed value is replaced with (Sentry's own marker, so reports read alike). */
export const FILTERED = '[Filtered]';

/**
 * Keys whose value is a credential wherever they appear in a report (headers, cookies, request
 * data, extras, contexts, breadcrumb data): the session token, the operator's password, the
 * browser edition's launch key, page key and cookie.
 */
const sensitiveKey =
  /authori[sz]ation|cookie|passw(?:or)?d|passwd|^pwd$|secret|token|api[-_]?key|access[-_]?key|private[-_]?key|session[-_]?id|credential|launch|page[-_]?key|^key$|signature|^dsn$|service[-_]?account|client[-_]?key/i;

/** Query or fragment parameters that carry a credential or a mailed code (`?key=`, `?code=`, ...). */
const sensitiveParam =
  /([?&#;]\s*(?:key|token|access_token|refresh_token|id_token|code|reset|email|password|pass|pwd|secret|signature|sig|auth|session|palette-page-key)=)[^&#\s"'<>]*/gi;

/** `name: value` or `name=value` of a credential inside free text or a JSON string. */
const sensitivePair =
  /(["']?\b(?:password|passwd|pwd|secret|token|access_token|refresh_token|api[_-]?key|session[_-]?token|launch[_-]?key|page[_-]?key|palette_launch\w*)\b["']?\s*[:=]\s*["']?)[^"'\s,;&}]+/gi;

/** A header line of a credential, as a logged request prints it. */
const sensitiveHeaderLine = /\b(authorization|proxy-authorization|cookie|set-cookie|x-palette-page-key|x-api-key)\s*:\s*[^\r\n]+/gi;

/** An HTTP authorization scheme followed by its credentials. */
const authScheme = /\b(Bearer|Basic|Digest)\s+[A-Za-z0-9._~+/=-]{6,}/gi;

/** A signed preview link's token (`/preview/<token>`). */
const previewToken = /(\/preview\/)[^/?#\s"'<>]+/g;

/**
 * A PEM private-key block (PKCS#1, PKCS#8, EC, OpenSSH, encrypted), whole; a block cut off before its
 * END line (a truncated message) is filtered to the end of the text. Lines may be real line breaks or
 * `\n` escapes inside a JSON string.
 */
const pemPrivateKey = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----|[\s\S]*$)/g;

/**
 * A Google service account's JSON as an app's settings carry it (`serviceAccountJson`), as a JSON
 * string (escaped quotes inside) or as an object, in any quoting; the key's name is kept.
 */
const serviceAccountJson =
  /((?:\\?["'])?service[_-]?account[_-]?json(?:\\?["'])?\s*[:=]\s*)(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\{[^{}]*\}|[^\s,;&}]+)/gi;

/**
 * A Google service account's `private_key` and `client_secret`-style pairs (`_` joins them to the
 * word before, so {@link sensitivePair}'s `\bsecret` does not see them).
 */
const underscoredSecretPair = /(["']?\b(?:private[_-]?key(?:[_-]?id)?|client[_-]?secret)\b["']?\s*[:=]\s*)(?:"(?:[^"\\]|\\.)*"|[^"'\s,;&}]+)/gi;

/**
 * An app's client key (`pk_` and base64url, contract/api/client-keys.ts): public in the app, but a
 * report has no need of more than the first characters the console shows (CLIENT_KEY_SHOWN_LENGTH).
 */
const clientKey = /\b(pk_[A-Za-z0-9_-]{9})[A-Za-z0-9_-]{11,}/g;

/**
 * A mailed code in prose ("your code is 428193", "verification code: 428193"). Not "error code 101005"
 * or "status code 404": the catalogue's codes and HTTP statuses stay readable.
 */
const proseCode =
  /(\b(?:(?:verification|confirmation|one[- ]time|sign[- ]?in|login|reset|security|mailed|invitation|your)\s+code|(?<!(?:error|status|http|exit|response|reply|envelope)\s)code\s+(?:is|was))\s*(?:is|was)?\s*[:=]?\s*["']?)\d{4,8}\b/gi;

/** A JSON Web Token. */
const jwt = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g;

/**
 * 256 random bits as base64url (43 characters): the shape of the console's session tokens,
 * invitation codes, launch keys and page keys. Only runs of exactly that length with a letter and a
 * digit, so ordinary identifiers survive.
 */
const randomToken = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

/** A string with every credential-shaped part replaced by {@link FILTERED}. */
export function scrubText(text: string): string {
  return text
    .replace(pemPrivateKey, FILTERED)
    .replace(serviceAccountJson, `$1${FILTERED}`)
    .replace(underscoredSecretPair, `$1${FILTERED}`)
    .replace(sensitiveHeaderLine, `$1: ${FILTERED}`)
    .replace(authScheme, `$1 ${FILTERED}`)
    .replace(sensitiveParam, `$1${FILTERED}`)
    .replace(sensitivePair, `$1${FILTERED}`)
    .replace(previewToken, `$1${FILTERED}`)
    .replace(jwt, FILTERED)
    .replace(clientKey, `$1${FILTERED}`)
    .replace(proseCode, `$1${FILTERED}`)
    .replace(randomToken, (match) => (/\d/.test(match) && /[A-Za-z]/.test(match) ? FILTERED : match));
}

const MAX_DEPTH = 24;

/**
 * A copy of any JSON-like value with credentials removed: the value of a sensitive key is replaced
 * whole (numbers and booleans, which cannot be a credential of ours, are kept so error codes
 * survive), and every string anywhere is passed through {@link scrubText}.
 */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const keep = item === null || item === undefined || typeof item === 'number' || typeof item === 'boolean';
    result[key] = sensitiveKey.test(key) && !keep ? FILTERED : scrubValue(item, depth + 1);
  }
  return result;
}

/**
 * `beforeSend` of both processes: drops noise (see {@link filterErrorEvent}), then removes
 * authorization headers, tokens, passwords, cookies, launch and page keys, mailed codes and preview
 * tokens from the whole event, its request, extras, contexts, stack variables and breadcrumbs.
 */
export function prepareErrorEvent<E extends ErrorEventLike>(event: E): E | null {
  const kept = filterErrorEvent(event);
  return kept === null ? null : (scrubValue(kept) as E);
}

/** `beforeBreadcrumb` of both processes: the same scrubbing, for breadcrumbs as they are recorded. */
export function prepareBreadcrumb<B extends object>(breadcrumb: B): B {
  return scrubValue(breadcrumb) as B;
}
