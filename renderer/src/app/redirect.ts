/**
 * Where to go after signing in, from the `redirect` query parameter.
 *
 * Only a path inside the console is accepted (starts with one `/`, no scheme, no `//host`, not the
 * sign-in page itself), so a crafted link cannot send the operator elsewhere after they type their
 * password.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/welcome'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  const path = value.split(/[?#]/)[0] ?? '';
  if (path === '/' || path === '/login') return fallback;
  return value;
}

/** The sign-in URL that returns to `location` (path, query and hash) afterwards. */
export function loginUrlFor(location: { readonly pathname: string; readonly search: string; readonly hash: string }): string {
  const target = `${location.pathname}${location.search}${location.hash}`;
  if (location.pathname === '/' || location.pathname === '/login') return '/login';
  return `/login?redirect=${encodeURIComponent(target)}`;
}
