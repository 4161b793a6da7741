import QRCode from 'qrcode';
import { PREVIEW_LINK_HOURS_MAX, PREVIEW_LINK_HOURS_MIN, type PreviewLink } from '@contract/api/preview';
import { deliveryRoutes, PREVIEW_TOKEN_HEADER } from '@contract/delivery/routes';
import { numberFromInput } from '@contract/validation';

/**
 * The pure parts of the Preview card (preview-card.tsx): a link's state, the validity presets, the
 * request a developer copies to try a link, and the QR code a test phone scans.
 */

export type PreviewLinkState = 'active' | 'expired' | 'revoked';

/** Revoked wins over expired: a link revoked before its end stays "revoked" after it. */
export function previewLinkState(link: Pick<PreviewLink, 'expiresAt' | 'revokedAt'>, now: number): PreviewLinkState {
  if (link.revokedAt !== null) return 'revoked';
  return Date.parse(link.expiresAt) <= now ? 'expired' : 'active';
}

/** The validity choices of a new link, in hours (1, 7 and 30 days), and `custom` for any other. */
export const validityPresets = ['24', '168', '720'] as const;
export type ValidityChoice = (typeof validityPresets)[number] | 'custom';
export const validityChoices: readonly ValidityChoice[] = [...validityPresets, 'custom'];
export const defaultValidity: ValidityChoice = '168';

/** The new-link form's values as typed. */
export type PreviewLinkFormValues = {
  readonly reviewer: string;
  readonly validity: string;
  /** Hours, typed when `validity` is `custom`. */
  readonly expiresInHours: string;
};

/** What the form's values ask the contract's schema to check (`previewLinkCreateSchema`). */
export function previewLinkInput(values: PreviewLinkFormValues): { readonly reviewer: string; readonly expiresInHours: unknown } {
  const hours = values.validity === 'custom' ? values.expiresInHours : values.validity;
  return { reviewer: values.reviewer, expiresInHours: numberFromInput(hours) };
}

export const validityHours = { min: PREVIEW_LINK_HOURS_MIN, max: PREVIEW_LINK_HOURS_MAX } as const;

/** `palette-preview-token` → `Palette-Preview-Token`, as docs/delivery-api.md writes it. */
export function headerName(header: string): string {
  return header.replace(/(^|-)([a-z])/g, (_, dash: string, first: string) => `${dash}${first.toUpperCase()}`);
}

/** The shell variable the copied request reads the app's client key from (shown once when made, so the console has only its prefix). */
export const CLIENT_KEY_VARIABLE = 'PALETTE_CLIENT_KEY';

/**
 * The delivery server a preview link names: its deep link's `server` parameter, the address the
 * phone will call (the server's `DELIVERY_URL`, which may differ from the console's API address).
 */
export function previewLinkServer(url: string): string | null {
  try {
    const server = new URL(url).searchParams.get('server');
    return server ? server.replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A ready-to-copy request of the preview configuration with a link's token, the request the app
 * makes after opening the link: `curl` with `Palette-Preview-Token` against the link's server,
 * the client key read from `$PALETTE_CLIENT_KEY`. Null when the URL names no server.
 */
export function previewRequest(created: { readonly url: string; readonly token: string }, platform: 'ios' | 'android', fallbackServer = ''): string | null {
  const server = previewLinkServer(created.url) ?? (fallbackServer.replace(/\/+$/, '') || null);
  if (!server) return null;
  const path = deliveryRoutes['delivery.previewConfig'].path.replace(':clientKey', `\${${CLIENT_KEY_VARIABLE}}`);
  return `curl --compressed -H ${shellQuote(`${headerName(PREVIEW_TOKEN_HEADER)}: ${created.token}`)} "${server}${path}?platform=${platform}"`;
}

/**
 * The QR code of `text` as an SVG data URL: black on white whatever the console's theme (phone
 * cameras read dark modules on a light ground), with the standard four-module quiet zone, and
 * medium error correction (a glare on a screen costs a few modules).
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000ff', light: '#ffffffff' } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
