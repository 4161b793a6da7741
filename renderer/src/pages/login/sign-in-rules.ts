/**
 * The sign-in form's rules (contract/sign-in.ts, without a schema library): their own chunk, loaded
 * as the operator starts typing.
 */
export { signInSchema } from '@contract/sign-in';
