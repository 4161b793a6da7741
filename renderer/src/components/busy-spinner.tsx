import { Spinner } from '@fluentui/react-components';

/**
 * A button's tiny busy spinner, as a module of its own for `lazy()` (pages/login/sign-in-form.tsx).
 * Decorative: the button's own text says what is happening ("Signing in…").
 */
export default function BusySpinner() {
  return <Spinner size="tiny" aria-hidden />;
}
