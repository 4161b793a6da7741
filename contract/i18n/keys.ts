/**
 * Shapes and key helpers shared by the contract's message resources.
 *
 * Kept apart from the resources so that code which only builds or translates keys (field-errors.ts)
 * does not pull every message of both languages into its module graph.
 */

/** A tree of messages: every leaf is a string. */
export interface DeepStringRecord {
  readonly [key: string]: string | DeepStringRecord;
}

/**
 * The shape a translation must have to match another: the same keys at every level, strings at the
 * leaves. Annotating a resource with it makes a missing or an extra key a compile error.
 */
export type MessageShape<T> = { readonly [K in keyof T]: T[K] extends string ? string : MessageShape<T[K]> };

/** The namespaces the contract's resources define, one per concern (errors, form rules, HTTP, §9 labels). */
export const contractNamespaces = ['errors', 'validation', 'http', 'units', 'operators'] as const;
export type ContractNamespace = (typeof contractNamespaces)[number];

/**
 * A contract key (`validation.required`, `units.week`) in i18next's `namespace:key` form.
 *
 * The contract writes keys with a dot so they read the same everywhere; i18next separates the
 * namespace with a colon. A key that already has a colon, or no dot, is returned as is.
 */
export function toNamespacedKey(key: string): string {
  if (key.includes(':')) return key;
  const dot = key.indexOf('.');
  return dot < 0 ? key : `${key.slice(0, dot)}:${key.slice(dot + 1)}`;
}
