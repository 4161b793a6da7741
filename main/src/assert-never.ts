/**
 * Marks a switch as exhaustive.
 *
 * When a union grows (a new update status, a new channel), the compiler points at every switch that
 * does not handle the new member instead of letting it fall through silently at run time.
 */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${String(value)}`);
}
