/**
 * The time source of the server.
 *
 * Every timestamp the server writes or compares comes from here rather than from `new Date()` or
 * SQL `now()`, so tests can expire sessions and rate limits by moving a fake clock.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
