import { getBridge } from '../bridge/get-bridge';

/** The console's help and legal pages. */
export type ExternalLinkId = 'help' | 'privacy' | 'terms';

const linkPaths: Record<ExternalLinkId, string> = {
  help: '/help',
  privacy: '/legal/privacy',
  terms: '/legal/terms',
};

/**
 * The address of a help or legal page: served by the Palette server the console talks to
 * (`app.info().serverUrl`), so an installation's own server decides their content.
 */
export function externalLinkUrl(id: ExternalLinkId, serverUrl: string): string {
  return new URL(linkPaths[id], serverUrl.endsWith('/') ? serverUrl : `${serverUrl}/`).toString();
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
