import { HOST_PAGE_KEY_FRAGMENT, HOST_PAGE_KEY_STORAGE } from '@contract/ipc-names';

/** The parts of `window` the page key needs; tests pass fakes. */
export interface PageKeyWindow {
  readonly location: { readonly hash: string; readonly pathname: string; readonly search: string };
  readonly history: { readonly state: unknown; replaceState(state: unknown, unused: string, url: string): void };
  /** The origin's localStorage; null when the browser refuses storage. */
  readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/**
 * Takes the browser edition's page key out of the address, once, before anything else reads it.
 *
 * The host redirects a used launch link to `/#palette-page-key=<key>`; the key moves into the
 * storage of the host's own origin (which no other port of 127.0.0.1 can read; its tabs share it)
 * and the fragment is removed from the address and from the history entry. Answers whether a key
 * was adopted. The desktop app never has one.
 */
export function adoptPageKey(target: PageKeyWindow): boolean {
  const hash = target.location.hash.replace(/^#/, '');
  if (!hash) return false;
  const params = new URLSearchParams(hash);
  const key = params.get(HOST_PAGE_KEY_FRAGMENT);
  if (key === null) return false;
  try {
    target.storage?.setItem(HOST_PAGE_KEY_STORAGE, key);
  } catch {
    // Storage refused: the console cannot reach the host; the start screen says so.
  }
  params.delete(HOST_PAGE_KEY_FRAGMENT);
  const rest = params.toString();
  target.history.replaceState(target.history.state, '', `${target.location.pathname}${target.location.search}${rest ? `#${rest}` : ''}`);
  return true;
}

/** The page key this origin holds, read on every use (a newer launch in another tab replaces it). */
export function readPageKey(storage: PageKeyWindow['storage']): string | null {
  try {
    return storage?.getItem(HOST_PAGE_KEY_STORAGE) ?? null;
  } catch {
    return null;
  }
}

/** `window`'s parts, with storage that may be refused (privacy settings) read safely. */
export function browserPageKeyWindow(): PageKeyWindow {
  let storage: PageKeyWindow['storage'] = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return { location: window.location, history: window.history, storage };
}
