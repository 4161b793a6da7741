/**
 * The shape a translation must have: the same keys as the en-US original, every leaf a string.
 *
 * zh-CN files are typed with it, so a missing or extra key is a compile error, not a blank label.
 */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
