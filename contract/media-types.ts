/**
 * The media types the console accepts, and what each one is called on disk, on the wire and on screen.
 *
 * Kept apart from the rules (contract/media.ts) and the parsers (contract/media-measure.ts) so that
 * both can import it without importing each other.
 */

export const mediaKinds = ['image', 'video', 'pag', 'audio'] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** Canonical type names; each is also the extension a stored file gets. */
export const mediaTypes = ['png', 'jpg', 'webp', 'gif', 'mp4', 'mov', 'pag', 'mp3', 'm4a', 'wav'] as const;
export type MediaType = (typeof mediaTypes)[number];

export interface MediaTypeInfo {
  readonly kind: MediaKind;
  /** The MIME type files of this type are served and sent with. */
  readonly mime: string;
  /** Other MIME types browsers and systems report for it. */
  readonly otherMimes: ReadonlyArray<string>;
  /** File name extensions, lower case, the canonical one first. */
  readonly extensions: ReadonlyArray<string>;
  /** How the type is named to operators (hints, messages). */
  readonly label: string;
}

/**
 * The MIME ↔ extension map. PAG has no registered MIME type; `application/x-pag` is what libpag's
 * own tooling serves, and a browser reports an empty type for a `.pag` file anyway. M4A is AAC (or
 * ALAC) audio in an MPEG-4 container, served as `audio/mp4` (RFC 4337); browsers report `audio/x-m4a`.
 */
export const mediaTypeInfo: { readonly [T in MediaType]: MediaTypeInfo } = {
  png: { kind: 'image', mime: 'image/png', otherMimes: ['image/apng'], extensions: ['png'], label: 'PNG' },
  jpg: { kind: 'image', mime: 'image/jpeg', otherMimes: ['image/jpg', 'image/pjpeg'], extensions: ['jpg', 'jpeg'], label: 'JPG' },
  webp: { kind: 'image', mime: 'image/webp', otherMimes: [], extensions: ['webp'], label: 'WebP' },
  gif: { kind: 'image', mime: 'image/gif', otherMimes: [], extensions: ['gif'], label: 'GIF' },
  mp4: { kind: 'video', mime: 'video/mp4', otherMimes: ['video/x-m4v'], extensions: ['mp4', 'm4v'], label: 'MP4' },
  mov: { kind: 'video', mime: 'video/quicktime', otherMimes: [], extensions: ['mov'], label: 'MOV' },
  pag: { kind: 'pag', mime: 'application/x-pag', otherMimes: [], extensions: ['pag'], label: 'PAG' },
  mp3: { kind: 'audio', mime: 'audio/mpeg', otherMimes: ['audio/mp3', 'audio/x-mp3', 'audio/mpeg3'], extensions: ['mp3'], label: 'MP3' },
  m4a: { kind: 'audio', mime: 'audio/mp4', otherMimes: ['audio/x-m4a', 'audio/m4a'], extensions: ['m4a'], label: 'M4A' },
  wav: { kind: 'audio', mime: 'audio/wav', otherMimes: ['audio/x-wav', 'audio/wave', 'audio/vnd.wave'], extensions: ['wav'], label: 'WAV' },
};
