import { PublicProviders } from '../../components/public-providers';
import { useConnectivityWiring } from '../../connectivity/use-connectivity';
import LoginPage from './login-page';

function SignInScreen() {
  useConnectivityWiring();
  return <LoginPage />;
}

/**
 * The sign-in screen on its own, as a signed-out operator's first download (app/boot.tsx): the
 * same page the console's `/login` route shows, in the same theme, without the router, the query
 * library or the console's code (issue 12: at most 150 KB of gzipped script). Links out of it
 * hand over to the console (the boot's `PublicNavigationContext`).
 */
export default function SignInShell() {
  return (
    <PublicProviders>
      <SignInScreen />
    </PublicProviders>
  );
}
