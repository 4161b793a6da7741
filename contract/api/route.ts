import { type z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone, or a signed-in operator. Finer permissions (project membership,
 * roles) are checked by the domain on top of `user`.
 */
export type RouteAuth = 'public' | 'user';

/**
 * One API route as both sides see it. `params`, `query` and `body` are the three parts of the
 * input; `output` is the schema of `data` in a successful envelope.
 */
export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: RouteAuth;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  readonly output: O;
  /**
   * Routes whose reply carries a secret (the session token) are called only by main's session
   * service, never through the generic `api.call` channel.
   */
  readonly sessionOnly?: boolean;
  /**
   * `csv`: the route answers a `text/csv; charset=utf-8` stream (UTF-8 with a byte-order mark)
   * instead of an envelope; a refusal is still an envelope. `output` then describes the text. Main
   * carries it through its export channel (`api.export`), never through `api.call`.
   */
  readonly reply?: 'csv';
}

export function defineRoute<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  O extends z.ZodType = z.ZodType,
>(def: RouteDef<P, Q, B, O>): RouteDef<P, Q, B, O> {
  return def;
}

/** The input object of a route for a caller: `{ params, query, body }`, each present when the route has it. */
export type RouteInput<R> =
  R extends RouteDef<infer P, infer Q, infer B, z.ZodType>
    ? (P extends z.ZodUndefined ? { params?: undefined } : { params: z.input<P> }) &
        (Q extends z.ZodUndefined ? { query?: undefined } : { query?: z.input<Q> }) &
        (B extends z.ZodUndefined ? { body?: undefined } : { body: z.input<B> })
    : never;

export type RouteOutput<R> = R extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer O> ? z.output<O> : never;

/** Fills `:name` placeholders of a path from `params`; every value is URI-encoded. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Methods that only read: the API client may retry these after a lost connection. */
export function isIdempotentRead(method: HttpMethod): boolean {
  return method === 'GET';
}
