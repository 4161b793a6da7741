import { type z } from 'zod';
import { buildPath, isIdempotentRead, isRouteId, routes, type RouteDef, type RouteId } from '@contract/api';
import { anyEnvelopeSchema, type Envelope, type FieldErrors } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import { zodIssuesToFieldErrors } from '@contract/field-errors';
import { refusalCode } from '@contract/validation-codes';
import { type Logger, silentLogger } from '../logger';
import { isSecureOrLoopback } from '../loopback';
import { type SecretStore } from '../session/secret-store';

/**
 * Server answers that mean the stored token is no longer any good: invalid, replaced by a sign-in
 * elsewhere, expired. Main drops the token and tells the renderer the session ended.
 */
export const SESSION_ENDING_CODES: ReadonlySet<number> = new Set([
  ErrorCode.TokenInvalid,
  ErrorCode.SignedInElsewhere,
  ErrorCode.TokenExpired,
]);

/** The input of `api.call` as the renderer sends it: the three parts of a route's input. */
export interface ApiCallInput {
  readonly params?: Readonly<Record<string, unknown>>;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

export interface ApiClientOptions {
  /** The API server's base URL, e.g. `http://127.0.0.1:4000`. */
  readonly serverUrl: string;
  readonly secrets: SecretStore;
  /** How long one attempt may take before it is answered with code 1008. */
  readonly timeoutMs?: number;
  /** Waits before each retry of an idempotent read after a network failure; its length is the retry count. */
  readonly retryDelaysMs?: ReadonlyArray<number>;
  readonly fetch?: typeof fetch;
  /**
   * Sent as `User-Agent` on every request (`PaletteConsole/<version> (<edition>; <os> <arch>)`), so
   * sign-in records name the console rather than Node's default agent.
   */
  readonly userAgent?: string;
  /** Called after the token was dropped because the server ended the session. */
  readonly onSessionEnded?: (code: number) => void | Promise<void>;
  /** Called when the server could not be reached, so connectivity can be checked at once. */
  readonly onNetworkFailure?: () => void;
  readonly log?: Logger;
}

/** Per-request overrides for in-process callers (the session service's restore at start). */
export interface RequestOptions {
  readonly timeoutMs?: number;
  readonly retry?: boolean;
}

type Prepared =
  | { readonly ok: true; readonly url: string; readonly body: string | undefined }
  | { readonly ok: false; readonly envelope: Envelope };

type Attempt =
  | { readonly kind: 'reply'; readonly envelope: Envelope; readonly token: string | null }
  | { readonly kind: 'network' }
  | { readonly kind: 'timeout' };

function failure(code: number, message: string, fieldErrors?: FieldErrors): Envelope {
  return fieldErrors ? { code, message, fieldErrors } : { code, message };
}

function isEmpty(part: unknown): boolean {
  return part === undefined || part === null || (typeof part === 'object' && !Array.isArray(part) && Object.keys(part).length === 0);
}

function appendQuery(search: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendQuery(search, key, item);
  } else if (value instanceof Date) {
    search.append(key, value.toISOString());
  } else if (typeof value === 'object') {
    search.append(key, JSON.stringify(value));
  } else {
    search.append(key, String(value));
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The base URL of a server the token may go to: https, or http on this machine (loopback). See
 * configuredServerUrl, which refuses it first with the setting's name.
 */
function checkedBaseUrl(serverUrl: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(serverUrl);
  } catch {
    // Reported below.
  }
  if (!parsed || !isSecureOrLoopback(parsed)) {
    throw new Error(`The API server must be https unless it is on this machine (loopback): ${serverUrl}`);
  }
  return serverUrl.replace(/\/+$/, '');
}

/**
 * The only way the console reaches the API server: the renderer never holds the token, so every
 * call goes through main, which checks it against the contract's route table first.
 *
 * `call` serves the generic `api.call` channel and refuses routes whose reply carries a secret
 * (`sessionOnly`); `request` is for main's own services. Input is parsed with the route's schemas
 * before anything leaves the machine (a refusal answers 1000 with `fieldErrors`), the token comes
 * from the SecretStore at the last moment, only reads are retried (a retried write could apply
 * twice), and every outcome is an envelope, never an exception.
 */
export class ApiClient {
  private baseUrl: string;
  private readonly timeoutMs: number;
  private readonly retryDelaysMs: ReadonlyArray<number>;
  private readonly fetchImpl: typeof fetch;
  private readonly log: Logger;

  constructor(private readonly options: ApiClientOptions) {
    // The token goes with every call: refuse a server it would reach in clear text.
    this.baseUrl = checkedBaseUrl(options.serverUrl);
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.retryDelaysMs = options.retryDelaysMs ?? [250, 1_000];
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.log = options.log ?? silentLogger;
  }

  get serverUrl(): string {
    return this.baseUrl;
  }

  /**
   * Points the client at the server's new address: the supervised embedded server moved to another
   * port because its own was taken (server-supervisor.ts). The same check as at construction.
   */
  setServerUrl(serverUrl: string): void {
    this.baseUrl = checkedBaseUrl(serverUrl);
  }

  /** The `api.call` channel: any route of the contract except the session-only ones. */
  async call(routeId: string, input: ApiCallInput | undefined): Promise<Envelope> {
    if (!isRouteId(routeId)) return failure(ErrorCode.RouteNotFound, `Unknown route ${routeId.slice(0, 100)}`);
    if ((routes[routeId] as RouteDef).sessionOnly) {
      return failure(ErrorCode.Forbidden, `Route ${routeId} is reserved to the session service`);
    }
    return this.request(routeId, input);
  }

  /**
   * Streams a CSV export route (`reply: 'csv'`) into `sink`, chunk by chunk, with the token added
   * here as for every call. Input is checked by the route's schemas first; a refusal is the server's
   * envelope; success answers code 0 without data. Not retried (a long read), no overall timeout:
   * only the wait for the reply's start is bounded.
   */
  async stream(routeId: string, input: ApiCallInput | undefined, sink: (chunk: Uint8Array) => void | Promise<void>): Promise<Envelope> {
    if (!isRouteId(routeId)) return failure(ErrorCode.RouteNotFound, `Unknown route ${routeId.slice(0, 100)}`);
    const route = routes[routeId] as RouteDef;
    if (route.reply !== 'csv') return failure(ErrorCode.Forbidden, `Route ${routeId} is not an export`);
    const prepared = this.prepare(routeId, route, input ?? {});
    if (!prepared.ok) return prepared.envelope;
    const headers: Record<string, string> = { Accept: 'text/csv, application/json' };
    if (this.options.userAgent) headers['User-Agent'] = this.options.userAgent;
    const token = route.auth === 'user' ? await this.options.secrets.get() : null;
    if (token) headers['Authorization'] = `Bearer ${token}`;
    const started = new AbortController();
    const timer = setTimeout(() => started.abort(), this.timeoutMs);
    let response: Response;
    try {
      response = await this.fetchImpl(prepared.url, { method: route.method, headers, signal: started.signal, redirect: 'error' });
    } catch (error) {
      this.options.onNetworkFailure?.();
      return error instanceof Error && error.name === 'AbortError' ? failure(ErrorCode.Timeout, 'The server did not answer in time') : failure(ErrorCode.NetworkFailed, 'The server could not be reached');
    } finally {
      clearTimeout(timer);
    }
    if (!(response.headers.get('content-type') ?? '').startsWith('text/csv') || !response.ok || !response.body) {
      let json: unknown;
      try {
        json = JSON.parse(await response.text());
      } catch {
        json = undefined;
      }
      const envelope = anyEnvelopeSchema.safeParse(json);
      if (!envelope.success) return failure(ErrorCode.InternalError, 'The server answered something unexpected');
      return this.settle(route, envelope.data as Envelope, token);
    }
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) await sink(chunk);
    } catch {
      this.options.onNetworkFailure?.();
      return failure(ErrorCode.NetworkFailed, 'The export was interrupted');
    }
    return { code: ErrorCode.Success, message: 'ok' };
  }

  /** Calls a route for main's own services; session-only routes are allowed here. */
  async request(routeId: RouteId, input: ApiCallInput | undefined, options: RequestOptions = {}): Promise<Envelope> {
    const route = routes[routeId] as RouteDef;
    const prepared = this.prepare(routeId, route, input ?? {});
    if (!prepared.ok) return prepared.envelope;

    const retries = options.retry !== false && isIdempotentRead(route.method) ? this.retryDelaysMs : [];
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    let attempt = await this.send(route, prepared, timeoutMs);
    for (const wait of retries) {
      if (attempt.kind !== 'network') break;
      await delay(wait);
      attempt = await this.send(route, prepared, timeoutMs);
    }

    switch (attempt.kind) {
      case 'network':
        this.options.onNetworkFailure?.();
        return failure(ErrorCode.NetworkFailed, 'The server could not be reached');
      case 'timeout':
        this.options.onNetworkFailure?.();
        return failure(ErrorCode.Timeout, 'The server did not answer in time');
      case 'reply':
        return this.settle(route, attempt.envelope, attempt.token);
    }
  }

  private prepare(routeId: RouteId, route: RouteDef, input: ApiCallInput): Prepared {
    const parts = ['params', 'query', 'body'] as const;
    const parsed: Partial<Record<(typeof parts)[number], unknown>> = {};
    const fieldErrors: FieldErrors = {};
    for (const part of parts) {
      const schema: z.ZodType | undefined = route[part];
      const value = input[part];
      if (!schema) {
        if (!isEmpty(value)) fieldErrors[part] = { key: 'validation.invalid' };
        continue;
      }
      // A missing query means "no filters": the schema's defaults (page 1, ...) apply.
      const given = part === 'query' && value === undefined ? {} : value;
      const result = schema.safeParse(given);
      if (result.success) {
        parsed[part] = result.data;
        continue;
      }
      // The contract's mapping, as the server and the console's forms use: the same mistake gets
      // the same message wherever it is caught. Body fields keep their own paths (a form's fields).
      for (const [path, error] of Object.entries(zodIssuesToFieldErrors(result.error.issues, { input: given }))) {
        const key = part === 'body' ? path : path === '' ? part : `${part}.${path}`;
        fieldErrors[key] ??= error;
      }
    }
    if (Object.keys(fieldErrors).length > 0) {
      // The code the server would answer (contract/validation-codes.ts: 101021 for an email that is not one).
      return { ok: false, envelope: failure(refusalCode(fieldErrors, routeId), 'Invalid input', fieldErrors) };
    }

    let path: string;
    try {
      path = buildPath(route.path, parsed.params as Record<string, unknown> | undefined);
    } catch {
      return { ok: false, envelope: failure(ErrorCode.ParamInvalid, 'Missing path parameter', { params: { key: 'validation.required' } }) };
    }
    const search = new URLSearchParams();
    const query = parsed.query;
    if (query && typeof query === 'object') {
      for (const [key, value] of Object.entries(query)) appendQuery(search, key, value);
    }
    const queryString = search.toString();
    const url = this.baseUrl + path + (queryString ? `?${queryString}` : '');
    const body = route.body && route.method !== 'GET' ? JSON.stringify(parsed.body ?? null) : undefined;
    return { ok: true, url, body };
  }

  private async send(route: RouteDef, prepared: Extract<Prepared, { ok: true }>, timeoutMs: number): Promise<Attempt> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.options.userAgent) headers['User-Agent'] = this.options.userAgent;
    if (prepared.body !== undefined) headers['Content-Type'] = 'application/json';
    const token = route.auth === 'user' ? await this.options.secrets.get() : null;
    if (token) headers['Authorization'] = `Bearer ${token}`;

    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(prepared.url, {
        method: route.method,
        headers,
        body: prepared.body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return { kind: 'timeout' };
      return { kind: 'network' };
    }

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const envelope = anyEnvelopeSchema.safeParse(json);
    if (envelope.success) return { kind: 'reply', envelope: envelope.data as Envelope, token };
    // A proxy or load balancer answering for a server that is down is a reachability problem.
    if (response.status >= 500) return { kind: 'network' };
    this.log.warn(`${route.method} ${route.path} answered ${response.status} without an envelope`);
    return { kind: 'reply', envelope: failure(ErrorCode.InternalError, 'The server answered something unexpected'), token };
  }

  private async settle(route: RouteDef, envelope: Envelope, sentToken: string | null): Promise<Envelope> {
    if (SESSION_ENDING_CODES.has(envelope.code)) {
      // Only the token this request carried is dropped: a sign-in that finished meanwhile stored a
      // new one, which this late answer says nothing about.
      if (sentToken !== null && (await this.options.secrets.get()) === sentToken) {
        await this.options.secrets.delete();
        await this.options.onSessionEnded?.(envelope.code);
      }
      return failure(envelope.code, envelope.message);
    }
    if (envelope.code !== ErrorCode.Success) {
      return envelope.fieldErrors ? failure(envelope.code, envelope.message, envelope.fieldErrors) : failure(envelope.code, envelope.message);
    }
    // Parsing with the route's output drops anything the contract does not name, so a field added
    // by mistake on the server (a secret among them) never reaches the renderer.
    const data = route.output.safeParse(envelope.data === undefined ? null : envelope.data);
    if (!data.success) {
      this.log.error(`${route.method} ${route.path} answered data its contract refuses`);
      return failure(ErrorCode.InternalError, 'The server answered something unexpected');
    }
    return { code: envelope.code, message: envelope.message, data: data.data };
  }
}
