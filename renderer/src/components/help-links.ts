import type { AppInfo } from '@contract/ipc';
import { getBridge } from '../bridge/get-bridge';

/*
 * The help and legal links without the router or the query library, for the public screens (the
 * sign-in page's footer is part of the first download, issue 12). components/external-links.ts
 * adds the console's hook on top.
 */

/** The console's help and legal pages. */
export type HelpLinkId = 'help' | 'privacy' | 'terms';

/** In header and footer order. */
export const helpLinkIds: readonly HelpLinkId[] = ['help', 'privacy', 'terms'];

/** The console's own page of each link: public, inside the console frame when signed in. */
export const helpPagePaths: Readonly<Record<HelpLinkId, string>> = { help: '/help', privacy: '/privacy', terms: '/terms' };

/** Where a help or legal link leads: an installation's own page (opened outside) or the console's. */
export type HelpLinkTarget = { readonly kind: 'external'; readonly url: string } | { readonly kind: 'page'; readonly path: string };

/**
 * The target of a help or legal link: the URL the installation configured (`app.info().links`,
 * from `PALETTE_HELP_URL`, ...) when there is one, otherwise the console's own page. Main checked
 * the URLs already; an unexpected scheme here still falls back to the console's page.
 */
export function helpLinkTarget(id: HelpLinkId, links: AppInfo['links'] | undefined): HelpLinkTarget {
  const url = links?.[id];
  if (url && /^https?:\/\//i.test(url)) return { kind: 'external', url };
  return { kind: 'page', path: helpPagePaths[id] };
}

/**
 * Opens a page outside the console: main opens it in the system browser when it accepts the URL
 * (`shell.openExternal` answers true); otherwise a new browser tab without access to this window.
 */
export async function openExternal(url: string): Promise<void> {
  const result = await getBridge().shell.openExternal({ url });
  if (result.ok && result.value) return;
  window.open(url, '_blank', 'noopener,noreferrer');
}
