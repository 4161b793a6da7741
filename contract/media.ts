import { z } from 'zod';
import { defineRoute } from './api/route';
import { ErrorCode } from './errors';
import { isCompleteMedia, measureMedia, sniffType, type MediaMeasurement } from './media-measure';
import { mediaKinds, mediaTypeInfo, mediaTypes, type MediaKind, type MediaType } from './media-types';

/**
 * Upload rules of spec §5 ("file size must not exceed a limit; type must be one of the allowed
 * types; width and height exact, or at most; aspect ratio must match; size must match the uploaded
 * material; upload at least one picture, video or PAG file; upload hints show accepted types, ratio
 * and size") as data, and the one pure check every side runs.
 *
 * Main checks a picked or dropped file with `inspectMedia` before anything is uploaded; the server
 * checks the received bytes again with the very same function and rule object (never trusting the
 * client's numbers); the renderer shows `mediaHint(rule)` beside the field and the refusals localized.
 * Measuring (contract/media-measure.ts) is pure Uint8Array parsing, so all three run the same code.
 */

export * from './media-types';
export { isCompleteMedia, measureMedia, sniffType, type MediaMeasurement } from './media-measure';

const KB = 1024;
const MB = 1024 * 1024;

/**
 * An aspect ratio as `width:height` ("9:16"). Kept as text because that is how it is shown and
 * configured; `ratioValue` turns it into a number.
 */
export type AspectRatio = `${number}:${number}`;

/** One upload rule: what a media field of some screen accepts. */
export interface MediaRule {
  readonly id: MediaRuleId;
  readonly kinds: ReadonlyArray<MediaKind>;
  /** Accepted types (canonical extensions: jpg covers .jpeg, mp4 covers .m4v). */
  readonly types: ReadonlyArray<MediaType>;
  readonly maxBytes: number;
  /** Exact size in pixels (both given together). */
  readonly width?: number;
  readonly height?: number;
  /** Upper bounds in pixels. */
  readonly maxWidth?: number;
  readonly maxHeight?: number;
  readonly ratio?: AspectRatio;
  /** Relative tolerance of the ratio check: 0.01 accepts 1% off (rounding of odd pixel sizes). */
  readonly ratioTolerance?: number;
  /** Longest video, PAG animation or audio accepted. */
  readonly maxDurationMs?: number;
}

/** The ratio tolerance when a rule gives none: 1%, enough for 1079 × 1920 but not 1080 × 1900. */
export const DEFAULT_RATIO_TOLERANCE = 0.01;

const stillImages: ReadonlyArray<MediaType> = ['png', 'jpg', 'webp'];
const anyImage: ReadonlyArray<MediaType> = ['png', 'jpg', 'webp', 'gif'];
const videos: ReadonlyArray<MediaType> = ['mp4', 'mov'];
const audio: ReadonlyArray<MediaType> = ['mp3', 'm4a', 'wav'];

/** A rule as declared: everything but its id, which is its key in `mediaRuleDefinitions`. */
export type MediaRuleDefinition = Omit<MediaRule, 'id'>;

/**
 * The rules of the spec's screens (§3): subscription pages, popups, banners, home topics, retention
 * popups and the start page. Where the app shows the media full screen the size is exact (the start
 * page is drawn 1:1 on a 1080 × 1920 canvas); elsewhere it is a ratio with an upper bound, so a
 * designer may deliver a smaller export of the same shape.
 *
 * The one place a rule is written: its key is its id, and the ids, their schema and the rules with
 * their ids (`mediaRuleIds`, `mediaRuleIdSchema`, `mediaRules`) are derived from it below. Screens
 * pick their field's rule by id (`mediaRules[id]`); the server receives the id as the
 * upload's `rule` field. Ids never change meaning once shipped: a stored upload names the rule it
 * was checked against.
 */
const mediaRuleDefinitions = {
  /** Subscription page "image or video background": full screen, portrait. */
  'paywall.background': {
    kinds: ['image', 'video'],
    types: [...stillImages, ...videos],
    maxBytes: 10 * MB,
    maxWidth: 1440,
    maxHeight: 2560,
    ratio: '9:16',
    maxDurationMs: 30_000,
  },
  /** Subscription page "title background image": a wide strip behind the title. */
  'paywall.titleImage': {
    kinds: ['image'],
    types: stillImages,
    maxBytes: 1 * MB,
    maxWidth: 1080,
    maxHeight: 600,
  },
  /** Subscription page "image", "scene image", "original image". */
  'paywall.image': {
    kinds: ['image'],
    types: anyImage,
    maxBytes: 2 * MB,
    maxWidth: 1080,
    maxHeight: 1920,
  },
  /** Image & Text popups: a 3:4 picture above the text. */
  'popup.image': {
    kinds: ['image'],
    types: anyImage,
    maxBytes: 1 * MB,
    maxWidth: 1080,
    maxHeight: 1440,
    ratio: '3:4',
  },
  /** The popup's optional PAG animation file. */
  'popup.pag': {
    kinds: ['pag'],
    types: ['pag'],
    maxBytes: 2 * MB,
    maxWidth: 1080,
    maxHeight: 1920,
    maxDurationMs: 10_000,
  },
  /** Banner media: an image or a short video, 2:1. */
  'banner.media': {
    kinds: ['image', 'video'],
    types: [...anyImage, ...videos],
    maxBytes: 5 * MB,
    maxWidth: 2160,
    maxHeight: 1080,
    ratio: '2:1',
    maxDurationMs: 15_000,
  },
  /**
   * Banner music: the default music and each piece of the music list a "take the same" template
   * plays. MP3, M4A (AAC) or WAV; three minutes at most (a template's soundtrack, not an album), and
   * 10 MB, which holds three minutes of 320 kbit/s MP3 but under a minute of CD-quality WAV.
   */
  'banner.music': {
    kinds: ['audio'],
    types: audio,
    maxBytes: 10 * MB,
    maxDurationMs: 180_000,
  },
  /** Home topic icon: a small square drawn at 64 pt (@2x). */
  'home.icon': {
    kinds: ['image'],
    types: ['png', 'webp'],
    maxBytes: 100 * KB,
    width: 128,
    height: 128,
  },
  /** Home topic "head figure": the banner at the top of a topic page. */
  'home.headFigure': {
    kinds: ['image'],
    types: anyImage,
    maxBytes: 1 * MB,
    maxWidth: 1080,
    maxHeight: 720,
    ratio: '3:2',
  },
  /** Home topic thumbnail: the square tile of a list. */
  'home.thumbnail': {
    kinds: ['image'],
    types: anyImage,
    maxBytes: 500 * KB,
    maxWidth: 512,
    maxHeight: 512,
    ratio: '1:1',
  },
  /** Home topic cover image: a 3:4 card. */
  'home.cover': {
    kinds: ['image'],
    types: anyImage,
    maxBytes: 1 * MB,
    maxWidth: 1080,
    maxHeight: 1440,
    ratio: '3:4',
  },
  /** Home topic "scenes" and "original material image". */
  'home.scenes': {
    kinds: ['image'],
    types: stillImages,
    maxBytes: 2 * MB,
    maxWidth: 2160,
    maxHeight: 2160,
  },
  /** Home topic cover video: played in the 3:4 card. */
  'home.coverVideo': {
    kinds: ['video'],
    types: videos,
    maxBytes: 20 * MB,
    maxWidth: 1080,
    maxHeight: 1440,
    ratio: '3:4',
    maxDurationMs: 30_000,
  },
  /** Home topic static image: the still shown before the cover video plays (same card). */
  'home.staticImage': {
    kinds: ['image'],
    types: stillImages,
    maxBytes: 1 * MB,
    maxWidth: 1080,
    maxHeight: 1440,
    ratio: '3:4',
  },
  /** Retention popup background: a 3:4 card, exact so texts land where the designer put them. */
  'retention.background': {
    kinds: ['image'],
    types: stillImages,
    maxBytes: 1 * MB,
    width: 750,
    height: 1000,
    ratio: '3:4',
  },
  /** Start page picture: drawn 1:1 full screen. */
  'startPage.image': {
    kinds: ['image'],
    types: ['png', 'jpg'],
    maxBytes: 2 * MB,
    width: 1080,
    height: 1920,
    ratio: '9:16',
  },
  /**
   * Start page video: full screen, portrait, at most as long as a start page may show (10 s); the
   * picture, when there is one too, is its first frame and stand-in on slow devices.
   */
  'startPage.video': {
    kinds: ['video'],
    types: videos,
    maxBytes: 10 * MB,
    maxWidth: 1080,
    maxHeight: 1920,
    ratio: '9:16',
    maxDurationMs: 10_000,
  },
  /** Project icon: the square beside the project's name in the console, exact so it stays sharp. */
  'project.icon': {
    kinds: ['image'],
    types: stillImages,
    maxBytes: 1 * MB,
    width: 512,
    height: 512,
  },
} satisfies Readonly<Record<string, MediaRuleDefinition>>;

/** Every rule id: a key of `mediaRuleDefinitions`. */
export type MediaRuleId = keyof typeof mediaRuleDefinitions;

/** The rules of a set of definitions, by id, each carrying its id. */
export type DefinedMediaRules<Id extends string> = { readonly [Key in Id]: MediaRuleDefinition & { readonly id: Key } };

/** The rules of `definitions`, each with its key as its id, frozen; their ids in declaration order. */
export function defineMediaRules<const Definitions extends Readonly<Record<string, MediaRuleDefinition>>>(
  definitions: Definitions,
): { readonly ids: readonly [keyof Definitions & string, ...(keyof Definitions & string)[]]; readonly rules: DefinedMediaRules<keyof Definitions & string> } {
  type Id = keyof Definitions & string;
  const ids = Object.keys(definitions) as Id[];
  const [first, ...rest] = ids;
  if (first === undefined) throw new Error('defineMediaRules: no rule');
  const rules = Object.fromEntries(
    ids.map((id) => {
      const definition = definitions[id] as MediaRuleDefinition;
      return [id, Object.freeze({ id, ...definition, kinds: Object.freeze([...definition.kinds]), types: Object.freeze([...definition.types]) })];
    }),
  ) as DefinedMediaRules<Id>;
  return { ids: [first, ...rest], rules };
}

const defined = defineMediaRules(mediaRuleDefinitions);
/** Every rule id, in declaration order. */
export const mediaRuleIds: readonly [MediaRuleId, ...MediaRuleId[]] = defined.ids;
export const mediaRuleIdSchema = z.enum(mediaRuleIds, { error: 'validation.enum' });
/** Every rule, by id. */
export const mediaRules: { readonly [Id in MediaRuleId]: MediaRule & { readonly id: Id } } = defined.rules;

export function isMediaRuleId(id: string): id is MediaRuleId {
  return (mediaRuleIds as ReadonlyArray<string>).includes(id);
}

/** The rule of an id, or undefined for an id no rule has. */
export function mediaRuleOf(id: string): MediaRule | undefined {
  return isMediaRuleId(id) ? mediaRules[id] : undefined;
}

/** The number a ratio stands for (9:16 → 0.5625); NaN when the text is not a ratio. */
export function ratioValue(ratio: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(ratio);
  if (!match) return Number.NaN;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? width / height : Number.NaN;
}

/**
 * A byte count as operators read limits: "2 MB", "500 KB", "1.5 MB" (binary units, as file managers
 * on both desktop systems show them; at most one decimal, dropped when zero).
 */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)} ${units[unit]}`;
}

/** A duration limit in seconds for messages ("30"; "2.5" when not whole). */
function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}

// ---------------------------------------------------------------------------------------------
// The check
// ---------------------------------------------------------------------------------------------

/** What was measured of one file. `declaredType` comes from its name, `type` from its content. */
export interface MeasuredMedia {
  readonly kind: MediaKind;
  /** The type the content has (magic numbers). */
  readonly type: MediaType;
  /** The type the file name claims; null when its extension is none of ours. Omitted: same as `type`. */
  readonly declaredType?: MediaType | null;
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
  /** Video and PAG; absent when it could not be read (`inspectMedia` refuses such a file where a limit applies). */
  readonly durationMs?: number;
}

/**
 * One reason a file is refused: the spec's error code, the i18n key of the message (contract
 * namespaces `validation` and `errors`) and the values it interpolates. Its `key` and `params` are a
 * `FieldError`, so a form shows it like any other field error.
 */
export interface MediaRefusal {
  readonly code: number;
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export const mediaRefusalSchema = z.object({
  code: z.number().int(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** The accepted types as operators read them: "PNG, JPG". */
export function typeLabels(types: ReadonlyArray<MediaType>): string[] {
  return types.map((type) => mediaTypeInfo[type].label);
}

function typesRefusal(rule: MediaRule): MediaRefusal {
  return { code: ErrorCode.FileTypeNotAllowed, key: 'validation.fileType', params: { types: typeLabels(rule.types).join(', ') } };
}

/**
 * The type checks alone: the name must claim an accepted type (108011), the content must be an
 * accepted type (108011, reported once), and the content must be what the name claims (108018).
 * `type` null: the content is none of the types we know.
 */
export function checkType(rule: MediaRule, type: MediaType | null, declaredType: MediaType | null): MediaRefusal[] {
  const refusals: MediaRefusal[] = [];
  const accepts = (candidate: MediaType | null) =>
    candidate !== null && rule.types.includes(candidate) && rule.kinds.includes(mediaTypeInfo[candidate].kind);
  if (!accepts(declaredType) || !accepts(type)) refusals.push(typesRefusal(rule));
  if (declaredType !== null && declaredType !== type) {
    refusals.push({
      code: ErrorCode.ContentTypeMismatch,
      key: 'errors.contentTypeMismatch',
      params: { declared: mediaTypeInfo[declaredType].label, actual: type === null ? '?' : mediaTypeInfo[type].label },
    });
  }
  return refusals;
}

/** The byte limit alone (108010). */
export function checkByteSize(rule: MediaRule, bytes: number): MediaRefusal[] {
  return bytes > rule.maxBytes ? [{ code: ErrorCode.FileTooLarge, key: 'validation.fileSize', params: { max: formatBytes(rule.maxBytes) } }] : [];
}

/**
 * Checks measured media against a rule and answers every refusal (empty: accepted).
 *
 * Pure and total: the same numbers give the same refusals in main, the server and a test. All
 * failed conditions are reported at once (a 1920 × 1080 picture for a 1080 × 1920 slot is refused
 * for its size and its ratio) so an operator fixes the export in one go. Order: type, content, size
 * in bytes, pixels, ratio, duration.
 */
export function checkMedia(rule: MediaRule, measured: MeasuredMedia): MediaRefusal[] {
  const declared = measured.declaredType === undefined ? measured.type : measured.declaredType;
  const refusals = [...checkType(rule, measured.type, declared), ...checkByteSize(rule, measured.bytes)];
  // Audio has no picture: its 0 × 0 would only add pixel refusals to the type's in a picture's rule.
  if (measured.kind !== 'audio') refusals.push(...checkDimensions(rule, measured.width, measured.height));
  if (rule.maxDurationMs !== undefined && measured.durationMs !== undefined && measured.durationMs > rule.maxDurationMs) {
    const key = measured.kind === 'audio' ? 'validation.audioDuration' : 'validation.mediaDuration';
    refusals.push({ code: ErrorCode.DurationTooLong, key, params: { max: seconds(rule.maxDurationMs) } });
  }
  return refusals;
}

/** The pixel checks of a rule alone: exact size, maximum size, ratio. */
export function checkDimensions(rule: MediaRule, width: number, height: number): MediaRefusal[] {
  const refusals: MediaRefusal[] = [];
  if (rule.width !== undefined && rule.height !== undefined && (width !== rule.width || height !== rule.height)) {
    refusals.push({ code: ErrorCode.DimensionExact, key: 'validation.dimensionExact', params: { width: rule.width, height: rule.height } });
  }
  const maxWidth = rule.maxWidth ?? Number.POSITIVE_INFINITY;
  const maxHeight = rule.maxHeight ?? Number.POSITIVE_INFINITY;
  if (width > maxWidth || height > maxHeight) {
    refusals.push({
      code: ErrorCode.DimensionMax,
      key: 'validation.dimensionMax',
      params: { width: rule.maxWidth ?? width, height: rule.maxHeight ?? height },
    });
  }
  if (rule.ratio !== undefined && !ratioMatches(rule.ratio, width, height, rule.ratioTolerance ?? DEFAULT_RATIO_TOLERANCE)) {
    refusals.push({ code: ErrorCode.RatioMismatch, key: 'validation.ratio', params: { ratio: rule.ratio } });
  }
  return refusals;
}

/** Whether width:height is the ratio within a relative tolerance. Zero sizes never match. */
export function ratioMatches(ratio: string, width: number, height: number, tolerance = DEFAULT_RATIO_TOLERANCE): boolean {
  const wanted = ratioValue(ratio);
  if (!(width > 0 && height > 0) || Number.isNaN(wanted)) return false;
  // A hair above the tolerance is still inside it: 0.01 must accept exactly 1% off despite binary floats.
  return Math.abs(width / height - wanted) / wanted <= tolerance + 1e-9;
}

/**
 * "Size must match the uploaded material" (108015): a piece that accompanies another (the still
 * shown before a cover video) must have its pixel size.
 */
export function checkSizeMatch(
  material: { readonly width: number; readonly height: number },
  accompanying: { readonly width: number; readonly height: number },
): MediaRefusal[] {
  if (material.width === accompanying.width && material.height === accompanying.height) return [];
  return [{ code: ErrorCode.SizeMismatch, key: 'validation.sizeMatch', params: { width: material.width, height: material.height } }];
}

/** "Upload at least one picture, video or PAG file" (108016) over a form's media values. */
export function checkMediaRequired(values: ReadonlyArray<string | null | undefined>): MediaRefusal[] {
  return values.some((value) => typeof value === 'string' && value.trim() !== '')
    ? []
    : [{ code: ErrorCode.MediaRequired, key: 'validation.mediaRequired' }];
}

/** The refusal for bytes that could not be read as what they claim to be (a damaged file). */
export const unreadableRefusal: MediaRefusal = Object.freeze({ code: ErrorCode.FileReadFailed, key: 'errors.fileReadFailed' });

/** What `inspectMedia` is given: the file's name and its bytes, all of them or only the first part. */
export interface MediaSample {
  readonly name: string;
  /** The file's full size in bytes. */
  readonly size: number;
  /** The file's bytes; with `partial`, only its beginning. */
  readonly bytes: Uint8Array;
  /**
   * Only the beginning was read, because the file is larger than the rule allows: the type and,
   * where the format puts them first, the pixels are still checked, but a failed measurement is
   * not held against the file (it is refused for its size anyway).
   */
  readonly partial?: boolean;
}

/** The outcome of inspecting one file: what it is (null when unreadable) and every refusal. */
export interface MediaInspection {
  readonly measured: (MeasuredMedia & { readonly declaredType: MediaType | null }) | null;
  readonly refusals: MediaRefusal[];
}

/**
 * Sniffs, measures and checks one file: the single entry main and the server both call.
 *
 * A content that is none of our types is refused as a type (108011) and, when the name claims one
 * of ours, as a content mismatch (108018). Content that is one of ours but cannot be measured, or
 * whose structure does not run whole to its end (`isCompleteMedia`: a file cut off in a copy or a
 * download, which the app would later fail to show), is a damaged file: 108005 and nothing else,
 * since nothing read from it can be trusted. So is a video whose duration cannot be read, for a
 * rule that limits durations (`durationUnreadable`). Completeness needs every byte, so a `partial`
 * sample (an oversized file, refused for its size anyway) is never called damaged.
 */
export function inspectMedia(rule: MediaRule, sample: MediaSample): MediaInspection {
  const declaredType = mediaTypeOfName(sample.name);
  const type = sniffType(sample.bytes);
  const measurement: MediaMeasurement | null = type === null ? null : measureMedia(sample.bytes);
  if (type !== null && !sample.partial && (measurement === null || !isCompleteMedia(sample.bytes) || durationUnreadable(rule, type, measurement))) {
    return { measured: null, refusals: [unreadableRefusal] };
  }
  if (type === null || measurement === null) {
    return { measured: null, refusals: [...checkType(rule, type, declaredType), ...checkByteSize(rule, sample.size)] };
  }
  const measured = {
    kind: mediaTypeInfo[type].kind,
    type,
    declaredType,
    bytes: sample.size,
    width: measurement.width,
    height: measurement.height,
    ...(measurement.durationMs !== undefined ? { durationMs: measurement.durationMs } : {}),
  };
  return { measured, refusals: checkMedia(rule, measured) };
}

/**
 * Whether a measured file is a video or PAG without a duration (a fragmented MP4 whose fragments do
 * not tell its length: the measurer answers none rather than 0) for a rule that takes its type and
 * limits durations. Such a file must not pass the limit as if it were short, and `checkMedia` has
 * no number to hold against it, so `inspectMedia` refuses it as unreadable: 108005, not 108017,
 * because nothing shows the file is too long, only that its length cannot be read, and the remedy
 * is the one for a damaged file (export it again). A rule that does not take the type refuses it
 * for its type instead; one without a duration limit has nothing to check.
 */
function durationUnreadable(rule: MediaRule, type: MediaType, measurement: MediaMeasurement): boolean {
  return mediaTypeInfo[type].kind !== 'image' && measurement.durationMs === undefined && rule.maxDurationMs !== undefined && rule.types.includes(type);
}

/** The type a file name claims by its extension, or null. */
export function mediaTypeOfName(name: string): MediaType | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  return mediaTypeOfExtension(name.slice(dot + 1));
}

/** The type of an extension (`JPEG` → jpg), or null. */
export function mediaTypeOfExtension(extension: string): MediaType | null {
  const ext = extension.trim().toLowerCase().replace(/^\./, '');
  for (const type of mediaTypes) if (mediaTypeInfo[type].extensions.includes(ext)) return type;
  return null;
}

/** The MIME type of a media type (served as Content-Type, sent with multipart parts). */
export function mimeOfType(type: MediaType): string {
  return mediaTypeInfo[type].mime;
}

/** The media type of a MIME type (`image/jpeg` → jpg), or null; parameters are ignored. */
export function typeOfMime(mime: string): MediaType | null {
  const base = mime.split(';')[0]?.trim().toLowerCase() ?? '';
  for (const type of mediaTypes) if (mediaTypeInfo[type].mime === base || mediaTypeInfo[type].otherMimes.includes(base)) return type;
  return null;
}

/** Every extension a rule accepts, dotted (`.png,.jpg,.jpeg`): an `<input accept>` or dialog filter. */
export function acceptedExtensions(rule: MediaRule): string[] {
  return rule.types.flatMap((type) => mediaTypeInfo[type].extensions);
}

// ---------------------------------------------------------------------------------------------
// The hint beside a field
// ---------------------------------------------------------------------------------------------

/**
 * What the hint under a media field says, as data: the renderer words it in the user's language
 * ("PNG or JPG, 1080 × 1920, 9:16, at most 2 MB" / "PNG 或 JPG，1080 × 1920，9:16，不超过 2 MB").
 */
export interface MediaHint {
  readonly types: ReadonlyArray<string>;
  readonly size:
    | { readonly kind: 'exact'; readonly width: number; readonly height: number }
    | { readonly kind: 'max'; readonly width?: number; readonly height?: number }
    | null;
  readonly ratio: AspectRatio | null;
  /** The byte limit already formatted ("2 MB"). */
  readonly maxSize: string;
  /** The longest duration in seconds, when the rule limits it. */
  readonly maxSeconds: number | null;
}

export function mediaHint(rule: MediaRule): MediaHint {
  let size: MediaHint['size'] = null;
  if (rule.width !== undefined && rule.height !== undefined) size = { kind: 'exact', width: rule.width, height: rule.height };
  else if (rule.maxWidth !== undefined || rule.maxHeight !== undefined) {
    size = { kind: 'max', ...(rule.maxWidth !== undefined ? { width: rule.maxWidth } : {}), ...(rule.maxHeight !== undefined ? { height: rule.maxHeight } : {}) };
  }
  return {
    types: typeLabels(rule.types),
    size,
    ratio: rule.ratio ?? null,
    maxSize: formatBytes(rule.maxBytes),
    maxSeconds: rule.maxDurationMs !== undefined ? seconds(rule.maxDurationMs) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Uploads: what crosses IPC and HTTP
// ---------------------------------------------------------------------------------------------

/** A lower-case hex SHA-256: the name of a stored file's content. */
export const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, { message: 'validation.invalid' });

/**
 * A stored file's public name, `<sha256>.<ext>`: what `GET /api/v1/media/:name` serves. Content
 * addressed, so the same bytes uploaded twice are stored once and a name never changes content
 * (served immutable).
 */
export const mediaNameSchema = z.string().regex(new RegExp(`^[0-9a-f]{64}\\.(?:${mediaTypes.join('|')})$`), { message: 'validation.invalid' });

/**
 * The part of a file a `Range: bytes=a-b` header asks for (video players seek with it): the
 * inclusive byte range, `unsatisfiable` for a range past the end, or null for none or one this
 * server does not serve (several ranges): the whole file then. Main and the server both answer it.
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2])); // a suffix: the last n bytes
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start >= size || start > end ? 'unsatisfiable' : { start, end };
}

/** The path of a stored file on the API server. */
export function mediaPath(name: string): string {
  return `/api/v1/media/${name}`;
}

const mediaNameInUrl = new RegExp(`([0-9a-f]{64}\\.(?:${mediaTypes.join('|')}))(?:[?#].*)?$`);

/** The stored name in a media URL or path (`…/media/<sha>.png`), or null when it holds none. */
export function mediaNameOf(url: string): string | null {
  const match = mediaNameInUrl.exec(url);
  return match ? (match[1] as string) : null;
}

/** One upload as the server answers it: the value a resource form stores is `url` (or `id`). */
export const mediaUploadSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  name: mediaNameSchema,
  rule: mediaRuleIdSchema,
  type: z.enum(mediaTypes),
  kind: z.enum(mediaKinds),
  size: z.number().int().min(0),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  durationMs: z.number().int().min(0).optional(),
  sha256: sha256Schema,
});
export type MediaUpload = z.infer<typeof mediaUploadSchema>;

/**
 * `POST /api/v1/projects/:projectId/uploads`, multipart/form-data, fields in this order:
 * - `rule`: a rule id;
 * - `sha256`: the content's hash, computed by the sender;
 * - `file`: the bytes, with the file's name. May be left out: the server then answers the upload
 *   if it already holds that content (checked again against `rule`) and 108002 if it does not, so
 *   a retry after a lost connection sends the bytes only when the first attempt never arrived.
 * Answers an envelope whose data is a `MediaUpload`.
 */
export const MEDIA_UPLOAD_PATH = '/api/v1/projects/:projectId/uploads';
export const mediaUploadFields = { rule: 'rule', sha256: 'sha256', file: 'file' } as const;

/**
 * The rules as `GET /api/v1/media/rules` answers them (what the server enforces). Strict, so a
 * property added to `MediaRule` but not here is refused rather than silently left out.
 */
export const mediaRuleSchema = z.strictObject({
  id: mediaRuleIdSchema,
  kinds: z.array(z.enum(mediaKinds)),
  types: z.array(z.enum(mediaTypes)),
  maxBytes: z.number().int().positive(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  maxWidth: z.number().int().positive().optional(),
  maxHeight: z.number().int().positive().optional(),
  ratio: z.string().regex(/^\d+:\d+$/).optional(),
  ratioTolerance: z.number().min(0).max(1).optional(),
  maxDurationMs: z.number().int().positive().optional(),
});

export const mediaRoutes = {
  'media.rules': defineRoute({
    method: 'GET',
    path: '/api/v1/media/rules',
    auth: 'user',
    summary: 'The upload rules the server checks every upload against',
    tags: ['media'],
    output: z.array(mediaRuleSchema),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// IPC: what the renderer and main exchange about a file (channels in contract/ipc.ts)
// ---------------------------------------------------------------------------------------------

/** Main's handle on a file it has read and checked; the bytes never travel back to the renderer. */
export const mediaTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: 'validation.invalid' });

/** Raw bytes per `media.checkBytes` call: 512 KiB, about 700 kB of base64, under the host's 1 MB body limit. */
export const MEDIA_CHUNK_BYTES = 512 * 1024;
/** Images up to this size come back as a data URL for the preview; larger ones, video and PAG by `previewUrl`. */
export const PREVIEW_DATA_URL_MAX_BYTES = 512 * 1024;

/**
 * Where main serves what the renderer previews, on the renderer's own origin (the CSP allows no
 * other): `<path>/staged/<token>` for a checked file not uploaded yet, `<path>/<sha256>.<ext>` for a
 * stored one (main fetches it from the API server). The desktop app answers it on app://palette,
 * the browser edition's host on its loopback origin.
 */
export const MEDIA_PREVIEW_PATH = '/__palette/media';

/** The preview address of a stored file, from its URL or name; null when the value names none. */
export function mediaPreviewPath(urlOrName: string): string | null {
  const name = mediaNameOf(urlOrName);
  return name ? `${MEDIA_PREVIEW_PATH}/${name}` : null;
}

const pixels = z.number().int().min(0).nullable();

/** A file main has read and checked. `token` is null when it was refused (nothing to upload). */
export const checkedFileSchema = z.object({
  token: mediaTokenSchema.nullable(),
  name: z.string().max(512),
  ruleId: mediaRuleIdSchema,
  /** The content's type; null when it is none of ours. */
  type: z.enum(mediaTypes).nullable(),
  kind: z.enum(mediaKinds).nullable(),
  bytes: z.number().int().min(0),
  width: pixels,
  height: pixels,
  durationMs: pixels,
  sha256: sha256Schema.nullable(),
  previewDataUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
});
export type CheckedFile = z.infer<typeof checkedFileSchema>;

export const mediaCheckedSchema = z.object({
  status: z.literal('checked'),
  /** No refusal: the file may be uploaded with its token. */
  ok: z.boolean(),
  file: checkedFileSchema,
  refusals: z.array(mediaRefusalSchema),
});
export type MediaChecked = z.infer<typeof mediaCheckedSchema>;

/**
 * `media.pick`: the system dialog, filtered to the rule's types. `cancelled` when the person closed
 * it; `unsupported` in the browser edition, which has no native dialog (the page's file input and
 * `media.checkBytes` take over).
 */
export const mediaPickOutputSchema = z.discriminatedUnion('status', [
  mediaCheckedSchema,
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('unsupported') }),
]);
export type MediaPickOutput = z.infer<typeof mediaPickOutputSchema>;

/**
 * `media.checkBytes`: a dropped file, or the browser edition's file input, sent to main in chunks
 * of at most `MEDIA_CHUNK_BYTES` (base64), in order. The first chunk has offset 0 and no receipt;
 * main answers `receiving` with a receipt to send the next ones with, and `checked` once it has
 * enough: the whole file, or only the first chunk when `size` is above the rule's limit already
 * (the file is refused for its size without sending the rest).
 */
export const mediaCheckBytesInputSchema = z.object({
  ruleId: mediaRuleIdSchema,
  name: z.string().min(1).max(512),
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  offset: z.number().int().min(0),
  chunk: z
    .string()
    .max(Math.ceil(MEDIA_CHUNK_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'validation.invalid' }),
  receipt: mediaTokenSchema.optional(),
});
export type MediaCheckBytesInput = z.infer<typeof mediaCheckBytesInputSchema>;

export const mediaCheckBytesOutputSchema = z.discriminatedUnion('status', [
  mediaCheckedSchema,
  z.object({ status: z.literal('receiving'), receipt: mediaTokenSchema, received: z.number().int().min(0) }),
]);
export type MediaCheckBytesOutput = z.infer<typeof mediaCheckBytesOutputSchema>;

/** `media.upload`: sends a checked file to a project; progress arrives as `media.progress` events. */
export const mediaUploadInputSchema = z.object({
  projectId: z.uuid({ error: 'validation.invalid' }),
  token: mediaTokenSchema,
});
export const mediaUploadOutputSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('uploaded'), upload: mediaUploadSchema }),
  z.object({ status: z.literal('cancelled') }),
]);
export type MediaUploadOutput = z.infer<typeof mediaUploadOutputSchema>;

/** The `media.progress` event: bytes of the file sent so far. */
export const mediaProgressSchema = z.object({
  token: mediaTokenSchema,
  sent: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type MediaProgress = z.infer<typeof mediaProgressSchema>;
