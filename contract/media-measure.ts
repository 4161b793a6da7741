import { mediaTypeInfo, type MediaType } from './media-types';

/**
 * Identifying and measuring media files from their bytes: pure Uint8Array parsing, no Node, no DOM,
 * no package.
 *
 * Why here and not image-size and mp4box in main and in the server: the same measurement must
 * decide in main (before an upload) and on the server (after it), and the layer rules leave the
 * contract as the only code both may import, with zod as its only package. Two wrappers around the
 * packages would be two implementations that could drift; the few header fields needed here (PNG
 * IHDR, GIF screen, WebP VP8/VP8L/VP8X, JPEG SOFn with EXIF orientation, ISO-BMFF mvhd/tkhd/mdhd
 * (elst and stts when they state no length) and a fragmented movie's mvex/moof/traf/trun, PAG
 * composition attributes, MP3 frame headers with their Xing/Info or VBRI header, WAV fmt and data
 * chunks) are small, bounded reads. The tests measure every fixture with
 * image-size and mp4box too and expect the same numbers.
 *
 * Every read is bounds-checked: a truncated or hostile file yields null, never an exception.
 * Measuring reads headers only (an oversized file is judged on its first bytes), save a fragmented
 * movie's fragment headers, where its length is, and a movie's sample tables when its headers leave
 * the length at 0; `isCompleteMedia` walks a whole file's structure to tell a file cut short from a
 * whole one.
 */

/**
 * Width and height as displayed (EXIF orientation and track rotation applied); duration for video,
 * PAG and audio. Audio has no picture: its width and height are 0.
 */
export interface MediaMeasurement {
  readonly width: number;
  readonly height: number;
  /**
   * Always there for video and PAG, except when the file does not tell its length (a movie whose
   * headers, edit lists, sample tables and fragments give none; a PAG whose frame rate is not a
   * real one): absent then, never 0, so that no duration limit takes it for a short one.
   */
  readonly durationMs?: number;
}

/** Thrown inside the parsers on a read past the end; caught at the entry points. */
class OutOfBounds extends Error {}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  if (offset < 0 || offset + length > bytes.length) return '';
  let text = '';
  for (let i = 0; i < length; i += 1) text += String.fromCharCode(bytes[offset + i] as number);
  return text;
}

function u8(bytes: Uint8Array, offset: number): number {
  if (offset < 0 || offset >= bytes.length) throw new OutOfBounds();
  return bytes[offset] as number;
}

function u16be(bytes: Uint8Array, offset: number): number {
  return (u8(bytes, offset) << 8) | u8(bytes, offset + 1);
}

function u16le(bytes: Uint8Array, offset: number): number {
  return u8(bytes, offset) | (u8(bytes, offset + 1) << 8);
}

function u24le(bytes: Uint8Array, offset: number): number {
  return u8(bytes, offset) | (u8(bytes, offset + 1) << 8) | (u8(bytes, offset + 2) << 16);
}

function u32be(bytes: Uint8Array, offset: number): number {
  return u8(bytes, offset) * 0x1000000 + ((u8(bytes, offset + 1) << 16) | (u8(bytes, offset + 2) << 8) | u8(bytes, offset + 3));
}

function u32le(bytes: Uint8Array, offset: number): number {
  return u8(bytes, offset + 3) * 0x1000000 + ((u8(bytes, offset + 2) << 16) | (u8(bytes, offset + 1) << 8) | u8(bytes, offset));
}

function i32be(bytes: Uint8Array, offset: number): number {
  const value = u32be(bytes, offset);
  return value >= 0x80000000 ? value - 0x100000000 : value;
}

/** A 64-bit big-endian unsigned integer as a JS number (exact below 2^53, which any real duration is). */
function u64be(bytes: Uint8Array, offset: number): number {
  return u32be(bytes, offset) * 0x100000000 + u32be(bytes, offset + 4);
}

// ---------------------------------------------------------------------------------------------
// Identification by magic numbers
// ---------------------------------------------------------------------------------------------

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** ftyp major brands of QuickTime movies; every other video brand is read as MP4. */
const QUICKTIME_BRANDS = new Set(['qt  ']);
/** ISO-BMFF brands that are not video (HEIF/AVIF stills, audio-only M4A/M4B/M4P, 3GPP audio…). */
const NON_VIDEO_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis', 'M4P ', 'crx ']);
/** ftyp major brands of MPEG-4 audio (iTunes and ffmpeg write `M4A `; audiobooks `M4B `). M4P is DRM-protected: none of ours. */
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ']);
/** Top-level atoms an old QuickTime file may start with, before (or without) any ftyp. */
const QUICKTIME_FIRST_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/**
 * The type of a file from its first bytes (the file's own claim, its name, is not looked at), or
 * null for anything that is none of ours. 16 bytes are enough for every type.
 */
export function sniffType(bytes: Uint8Array): MediaType | null {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  const six = ascii(bytes, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return 'wav';
  // An ID3v2 tag (version 2–4) in front of MPEG audio, or the audio's first frame itself.
  if (ascii(bytes, 0, 3) === 'ID3' && bytes.length >= 10 && (bytes[3] as number) >= 2 && (bytes[3] as number) <= 4) return 'mp3';
  if (mpegFrameAt(bytes, 0) !== null) return 'mp3';
  if (ascii(bytes, 0, 3) === 'PAG' && bytes.length >= 4 && (bytes[3] as number) >= 1 && (bytes[3] as number) <= 3) return 'pag';
  const atom = ascii(bytes, 4, 4);
  if (atom === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (brand.length < 4 || NON_VIDEO_BRANDS.has(brand)) return null;
    if (AUDIO_BRANDS.has(brand)) return 'm4a';
    return QUICKTIME_BRANDS.has(brand) ? 'mov' : 'mp4';
  }
  if (QUICKTIME_FIRST_ATOMS.has(atom)) return 'mov';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------

function measurePng(bytes: Uint8Array): MediaMeasurement | null {
  // IHDR is the first chunk: length (4), "IHDR", width (4), height (4).
  if (ascii(bytes, 12, 4) !== 'IHDR') return null;
  return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

function measureGif(bytes: Uint8Array): MediaMeasurement | null {
  return { width: u16le(bytes, 6), height: u16le(bytes, 8) };
}

function measureWebp(bytes: Uint8Array): MediaMeasurement | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8X') {
    // Flags (1), reserved (3), canvas width − 1 (24 bits), canvas height − 1 (24 bits).
    return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  }
  if (chunk === 'VP8 ') {
    // Frame tag (3), start code 9d 01 2a, then 14-bit width and height (2 bits of scale each).
    if (u8(bytes, 23) !== 0x9d || u8(bytes, 24) !== 0x01 || u8(bytes, 25) !== 0x2a) return null;
    return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // Signature 0x2f, then width − 1 and height − 1 in 14 bits each, least significant bit first.
    if (u8(bytes, 20) !== 0x2f) return null;
    const bits = u32le(bytes, 21);
    return { width: (bits & 0x3fff) + 1, height: (Math.floor(bits / 0x4000) & 0x3fff) + 1 };
  }
  return null;
}

/** SOFn markers carry the frame size; C4 (DHT), C8 (JPG extension) and CC (DAC) do not. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** The EXIF orientation (1–8) in an APP1 segment's payload, or 1 when there is none. */
function exifOrientation(bytes: Uint8Array, start: number, end: number): number {
  if (ascii(bytes, start, 6) !== 'Exif\0\0') return 1;
  const tiff = start + 6;
  const order = ascii(bytes, tiff, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const little = order === 'II';
  const r16 = (offset: number) => (little ? u16le(bytes, offset) : u16be(bytes, offset));
  const r32 = (offset: number) => (little ? u32le(bytes, offset) : u32be(bytes, offset));
  const ifd = tiff + r32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const count = r16(ifd);
  for (let i = 0; i < count; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return 1;
    if (r16(entry) === 0x0112) {
      const value = r16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

function measureJpeg(bytes: Uint8Array): MediaMeasurement | null {
  let offset = 2;
  let orientation = 1;
  while (offset + 4 <= bytes.length) {
    if (u8(bytes, offset) !== 0xff) return null;
    const marker = u8(bytes, offset + 1);
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2; // standalone markers carry no length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / start of scan before any frame
    const length = u16be(bytes, offset + 2);
    if (length < 2) return null;
    const payload = offset + 4;
    if (marker === 0xe1) orientation = Math.max(orientation, exifOrientation(bytes, payload, Math.min(bytes.length, offset + 2 + length)));
    if (isStartOfFrame(marker)) {
      // Precision (1), height (2), width (2).
      const height = u16be(bytes, payload + 1);
      const width = u16be(bytes, payload + 3);
      // Orientations 5–8 turn the picture a quarter: the app shows it with width and height swapped.
      return orientation >= 5 ? { width: height, height: width } : { width, height };
    }
    offset += 2 + length;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// MP4 and MOV (ISO base media file format)
// ---------------------------------------------------------------------------------------------

interface Box {
  readonly type: string;
  /** Where the box's content starts (after its header). */
  readonly start: number;
  /** Where the box ends. */
  readonly end: number;
}

/**
 * Where the box at `offset` ends, inside a parent ending at `end`. A box that does not fit its
 * parent (or is smaller than its own header) is a file cut short or damaged, not one to accept.
 */
function boxEnd(bytes: Uint8Array, offset: number, end: number): number {
  let size = u32be(bytes, offset);
  let header = 8;
  if (size === 1) {
    size = u64be(bytes, offset + 8);
    header = 16;
  } else if (size === 0) {
    size = end - offset; // extends to the end of its parent (the file)
  }
  if (size < header || offset + size > end) throw new OutOfBounds();
  return offset + size;
}

/** Where the content of the box at `offset` starts (after its 8- or 16-byte header). */
function boxContent(bytes: Uint8Array, offset: number): number {
  return offset + (u32be(bytes, offset) === 1 ? 16 : 8);
}

/** A four-character box type as the number its bytes read as ('moof' → 0x6d6f6f66), to compare without strings. */
function fourCC(type: string): number {
  return ((type.charCodeAt(0) << 24) | (type.charCodeAt(1) << 16) | (type.charCodeAt(2) << 8) | type.charCodeAt(3)) >>> 0;
}
const MOOF = fourCC('moof');
const TRAF = fourCC('traf');
const TFHD = fourCC('tfhd');
const TFDT = fourCC('tfdt');
const TRUN = fourCC('trun');
const TREX = fourCC('trex');

/** The boxes directly inside [start, end); a box that claims more than its parent holds is damage. */
function boxes(bytes: Uint8Array, start: number, end: number): Box[] {
  const found: Box[] = [];
  for (let offset = start; offset + 8 <= end; ) {
    const next = boxEnd(bytes, offset, end);
    found.push({ type: ascii(bytes, offset + 4, 4), start: boxContent(bytes, offset), end: next });
    offset = next;
  }
  return found;
}

function child(bytes: Uint8Array, parent: Box, type: string): Box | undefined {
  return boxes(bytes, parent.start, parent.end).find((box) => box.type === type);
}

/** Timescale and duration of an mvhd or mdhd (same layout up to the duration). */
function timing(bytes: Uint8Array, box: Box): { timescale: number; duration: number } {
  const version = u8(bytes, box.start);
  if (version === 1) return { timescale: u32be(bytes, box.start + 20), duration: u64be(bytes, box.start + 24) };
  return { timescale: u32be(bytes, box.start + 12), duration: u32be(bytes, box.start + 16) };
}

/**
 * All ones in a duration field means "unknown" (ISO/IEC 14496-12): 0xffffffff in 32 bits, and in 64
 * bits a value that reads as 2^64 here (Smooth Streaming's ismv writes it in mdhd).
 */
function isUnknownDuration(duration: number): boolean {
  return duration === 0xffffffff || duration >= 2 ** 64;
}

/** A duration in a timescale as whole milliseconds; undefined when either says nothing. */
function milliseconds(duration: number, timescale: number): number | undefined {
  return timescale > 0 && duration > 0 && !isUnknownDuration(duration) ? Math.round((duration * 1000) / timescale) : undefined;
}

/** Ticks added up from a table (not a stated field: no "unknown" value) as milliseconds, unrounded; undefined for none. */
function ticksMs(ticks: number, timescale: number): number | undefined {
  return timescale > 0 && ticks > 0 ? (ticks * 1000) / timescale : undefined;
}

/** The 24 flag bits of the full box whose content starts at `start` (after its version byte). */
function fullBoxFlags(bytes: Uint8Array, start: number): number {
  return (u8(bytes, start + 1) << 16) | (u8(bytes, start + 2) << 8) | u8(bytes, start + 3);
}

/** `offset`, after checking that `count` bytes from there lie inside a box ending at `end` (else damage). */
function within(end: number, offset: number, count: number): number {
  if (offset + count > end) throw new OutOfBounds();
  return offset;
}

/** The sample table (mdia/minf/stbl) of a trak, if it has one. */
function sampleTable(bytes: Uint8Array, trak: Box): Box | undefined {
  const mdia = child(bytes, trak, 'mdia');
  const minf = mdia ? child(bytes, mdia, 'minf') : undefined;
  return minf ? child(bytes, minf, 'stbl') : undefined;
}

/**
 * How long a track's samples last by its sample table: stts entries of sample_count ×
 * sample_delta added up, in the mdhd timescale; 0 when there is no stts or it lists nothing. A
 * table listing more entries than its box holds is damage.
 */
function sampleTableTicks(bytes: Uint8Array, stbl: Box): number {
  const stts = child(bytes, stbl, 'stts');
  if (!stts) return 0;
  // version/flags (4), entry_count (4), then sample_count and sample_delta (4 each) per entry.
  const count = u32be(bytes, within(stts.end, stts.start + 4, 4));
  const entries = within(stts.end, stts.start + 8, count * 8);
  let ticks = 0;
  for (let i = 0; i < count; i += 1) ticks += u32be(bytes, entries + i * 8) * u32be(bytes, entries + i * 8 + 4);
  return ticks;
}

/**
 * How long a track plays by its edit list (edts/elst): every edit's segment_duration added up, empty
 * edits (a delay) included, in the movie's (mvhd) timescale. 0 when the track has no edit list or an
 * edit says nothing (0: "as long as the media", which fragmented files write, or all ones).
 */
function editListTicks(bytes: Uint8Array, trak: Box): number {
  const edts = child(bytes, trak, 'edts');
  const elst = edts ? child(bytes, edts, 'elst') : undefined;
  if (!elst) return 0;
  // version/flags (4), entry_count (4), then per entry segment_duration and media_time (4 each, 8
  // in version 1) and media_rate (4).
  const wide = u8(bytes, elst.start) === 1;
  const size = wide ? 20 : 12;
  const count = u32be(bytes, within(elst.end, elst.start + 4, 4));
  const entries = within(elst.end, elst.start + 8, count * size);
  let ticks = 0;
  for (let i = 0; i < count; i += 1) {
    const segment = wide ? u64be(bytes, entries + i * size) : u32be(bytes, entries + i * size);
    if (segment === 0 || isUnknownDuration(segment)) return 0;
    ticks += segment;
  }
  return ticks;
}

/**
 * A track's length in ms (unrounded) for a movie whose mvhd states none: its mdhd's; or, when
 * mdhd says 0 or "unknown" too, its edit list's (what a player shows); or else its sample table's
 * (stts: the media itself, so priming samples an edit list would trim are counted). Undefined when
 * none of them tells it.
 */
function trackDurationMs(bytes: Uint8Array, trak: Box, movieTimescale: number): number | undefined {
  const mdia = child(bytes, trak, 'mdia');
  const mdhd = mdia ? child(bytes, mdia, 'mdhd') : undefined;
  if (!mdhd) return undefined;
  const media = timing(bytes, mdhd);
  const stated = isUnknownDuration(media.duration) ? undefined : ticksMs(media.duration, media.timescale);
  if (stated !== undefined) return stated;
  const edits = ticksMs(editListTicks(bytes, trak), movieTimescale);
  if (edits !== undefined) return edits;
  const stbl = sampleTable(bytes, trak);
  return stbl ? ticksMs(sampleTableTicks(bytes, stbl), media.timescale) : undefined;
}

/**
 * The length of an unfragmented movie whose mvhd says 0 or "unknown" (a writer that never came back
 * to fill it in): its longest track's (`trackDurationMs`), as mvhd's would have been; null when no
 * track tells its length, so that the movie is not taken for a short one.
 */
function tracksDurationMs(bytes: Uint8Array, moov: Box, movieTimescale: number): number | null {
  let longest = 0;
  for (const trak of boxes(bytes, moov.start, moov.end)) {
    if (trak.type === 'trak') longest = Math.max(longest, trackDurationMs(bytes, trak, movieTimescale) ?? 0);
  }
  return longest > 0 ? Math.round(longest) : null;
}

/** One track of a fragmented movie, its time added up over the fragments (in its own timescale). */
interface FragmentedTrack {
  readonly id: number;
  readonly timescale: number;
  /** The samples moov itself holds (mdhd, or its stts when mdhd says 0; 0 for an empty moov): the timeline starts with them. */
  readonly moovDuration: number;
  /** trex default-sample-duration. */
  defaultDuration: number;
  /** Every fragment sample's duration, added up. */
  samples: number;
  /** Where the next fragment starts when it has no tfdt: the end of the previous one. */
  next: number;
  /** The earliest fragment start and the latest fragment end (tfdt, or the running time). */
  first: number;
  last: number;
}

function trackOf(tracks: ReadonlyArray<FragmentedTrack>, id: number): FragmentedTrack | undefined {
  for (const track of tracks) if (track.id === id) return track;
  return undefined;
}

/**
 * The duration of a fragmented movie (moov/mvex present) without mehd, from its fragments; null
 * when the fragments do not tell it.
 *
 * Encoders that write as they go (ffmpeg's `-movflags frag_keyframe+empty_moov`, screen recorders,
 * streaming exports) leave mvhd and mdhd at 0, or at the length of the samples in moov alone (ffmpeg
 * without empty_moov puts the first fragment there), and write no mehd: the length is only in the
 * moof/traf/trun boxes that follow. Per track (tkhd track_ID, mdhd timescale):
 *
 * - each trun adds its samples' durations: the per-sample ones when the trun carries them,
 *   otherwise sample_count × the default duration of tfhd, otherwise of trex;
 * - each traf starts at its tfdt baseMediaDecodeTime, or where the previous one ended.
 *
 * A track's duration is the larger of the sum of its samples (moov's included) and the span its
 * fragments cover (from the first start, or from 0 when moov holds samples, to the last end): the
 * sum is the media really there whatever tfdt says, the span is the timeline a player shows (what
 * ffprobe reports) and also counts a gap between fragments. Taking the larger, neither an
 * overlapping nor a jumping tfdt makes a long file look short. The movie's duration is its longest
 * track's, as mvhd's is for an unfragmented file (audio running on past the picture plays too).
 *
 * sidx and mfra are not read: they are optional indexes (ffmpeg writes sidx only with global_sidx
 * or dash), a sidx may cover part of the file only, and both restate what the truns say.
 *
 * null (unknown) when a traf lacks its tfhd, or when no track adds up to more than 0 (samples have
 * a duration nowhere: no per-sample, tfhd or trex duration): a fragmented file whose length
 * cannot be read is not taken for a short one. One walk over the top-level boxes, a few box headers
 * per fragment and 4 bytes per sample when truns list durations; nothing allocated per fragment.
 */
function fragmentedDurationMs(bytes: Uint8Array, moov: Box, mvex: Box): number | null {
  const tracks: FragmentedTrack[] = [];
  for (const trak of boxes(bytes, moov.start, moov.end)) {
    if (trak.type !== 'trak') continue;
    const tkhd = child(bytes, trak, 'tkhd');
    const mdia = child(bytes, trak, 'mdia');
    const mdhd = mdia ? child(bytes, mdia, 'mdhd') : undefined;
    if (!tkhd || !mdhd) continue;
    const { timescale, duration } = timing(bytes, mdhd);
    // mdhd at 0 (or "unknown") with samples in moov: a writer that left it unset; stts has them.
    const stated = duration > 0 && !isUnknownDuration(duration);
    const stbl = stated ? undefined : sampleTable(bytes, trak);
    const moovDuration = stated ? duration : stbl ? sampleTableTicks(bytes, stbl) : 0;
    // tkhd: version/flags (4), creation and modification times (4 or 8 each), then track_ID.
    const id = u32be(bytes, within(tkhd.end, tkhd.start + (u8(bytes, tkhd.start) === 1 ? 20 : 12), 4));
    tracks.push({ id, timescale, moovDuration, defaultDuration: 0, samples: 0, next: moovDuration, first: Number.POSITIVE_INFINITY, last: 0 });
  }
  for (const trex of boxes(bytes, mvex.start, mvex.end)) {
    if (trex.type !== 'trex') continue;
    // version/flags (4), track_ID, default sample description index, default sample duration.
    const track = trackOf(tracks, u32be(bytes, within(trex.end, trex.start + 4, 4)));
    if (track) track.defaultDuration = u32be(bytes, within(trex.end, trex.start + 12, 4));
  }
  for (let moof = 0; moof + 8 <= bytes.length; moof = boxEnd(bytes, moof, bytes.length)) {
    if (u32be(bytes, moof + 4) !== MOOF) continue;
    const moofEnd = boxEnd(bytes, moof, bytes.length);
    for (let traf = boxContent(bytes, moof); traf + 8 <= moofEnd; traf = boxEnd(bytes, traf, moofEnd)) {
      if (u32be(bytes, traf + 4) !== TRAF) continue;
      const trafEnd = boxEnd(bytes, traf, moofEnd);
      // tfhd and tfdt first (the standard puts them before the truns; a file need not).
      let tfhd = -1;
      let tfdt = -1;
      for (let box = boxContent(bytes, traf); box + 8 <= trafEnd; box = boxEnd(bytes, box, trafEnd)) {
        const type = u32be(bytes, box + 4);
        if (type === TFHD && tfhd < 0) tfhd = box;
        else if (type === TFDT && tfdt < 0) tfdt = box;
      }
      if (tfhd < 0) return null;
      const tfhdStart = boxContent(bytes, tfhd);
      const tfhdEnd = boxEnd(bytes, tfhd, trafEnd);
      const tfhdFlags = fullBoxFlags(bytes, tfhdStart);
      const track = trackOf(tracks, u32be(bytes, within(tfhdEnd, tfhdStart + 4, 4)));
      if (!track) continue; // a fragment of a track moov does not declare: players skip it too
      // After track_ID: base data offset (8) if 0x1, sample description index (4) if 0x2, default duration if 0x8.
      const defaultAt = tfhdStart + 8 + (tfhdFlags & 0x1 ? 8 : 0) + (tfhdFlags & 0x2 ? 4 : 0);
      const defaultDuration = tfhdFlags & 0x8 ? u32be(bytes, within(tfhdEnd, defaultAt, 4)) : track.defaultDuration;
      let duration = 0;
      let runs = 0;
      for (let trun = boxContent(bytes, traf); trun + 8 <= trafEnd; trun = boxEnd(bytes, trun, trafEnd)) {
        if (u32be(bytes, trun + 4) !== TRUN) continue;
        runs += 1;
        const start = boxContent(bytes, trun);
        const end = boxEnd(bytes, trun, trafEnd);
        const flags = fullBoxFlags(bytes, start);
        const count = u32be(bytes, within(end, start + 4, 4));
        // After sample_count: data offset (4) if 0x1, first sample flags (4) if 0x4; then per sample
        // duration if 0x100, size if 0x200, flags if 0x400, composition offset if 0x800, 4 bytes each.
        const entries = start + 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
        const stride = 4 * (((flags >> 8) & 1) + ((flags >> 9) & 1) + ((flags >> 10) & 1) + ((flags >> 11) & 1));
        within(end, entries, count * stride); // a trun listing more samples than it holds is damaged
        if (flags & 0x100) {
          for (let i = 0; i < count; i += 1) duration += u32be(bytes, entries + i * stride);
        } else {
          // A default of 0 counts as 0: ffmpeg's frag_every_frame writes it for the last sample,
          // whose length it cannot know. Only a file that adds up to nothing is of unknown length.
          duration += count * defaultDuration;
        }
      }
      // duration-is-empty (0x10000): a traf without samples that still spans its default duration.
      if (runs === 0 && tfhdFlags & 0x10000) duration = defaultDuration;
      let start = track.next;
      if (tfdt >= 0) {
        const tfdtStart = boxContent(bytes, tfdt);
        const tfdtEnd = boxEnd(bytes, tfdt, trafEnd);
        start = u8(bytes, tfdtStart) === 1 ? u64be(bytes, within(tfdtEnd, tfdtStart + 4, 8)) : u32be(bytes, within(tfdtEnd, tfdtStart + 4, 4));
      }
      track.samples += duration;
      track.first = Math.min(track.first, start);
      track.last = Math.max(track.last, start + duration);
      track.next = start + duration;
    }
  }
  let longest = 0;
  for (const track of tracks) {
    const span = track.first === Number.POSITIVE_INFINITY ? 0 : track.last - (track.moovDuration > 0 ? 0 : track.first);
    const ticks = Math.max(track.moovDuration + track.samples, span);
    if (ticks === 0) continue;
    if (!(track.timescale > 0)) return null;
    longest = Math.max(longest, (ticks * 1000) / track.timescale);
  }
  return longest > 0 ? Math.round(longest) : null;
}

/**
 * The movie's duration in ms: mvhd's, or when it says 0 or "unknown" its longest track's
 * (`tracksDurationMs`: mdhd, edit list, sample table); for a fragmented movie mehd's or else the
 * fragments' (`fragmentedDurationMs`). null when the movie does not tell its length.
 */
function movieDurationMs(bytes: Uint8Array, moov: Box): number | null {
  const mvhd = child(bytes, moov, 'mvhd');
  const movie = mvhd ? timing(bytes, mvhd) : undefined;
  const declared = movie ? milliseconds(movie.duration, movie.timescale) : undefined;
  const mvex = child(bytes, moov, 'mvex');
  if (!mvex) return declared ?? tracksDurationMs(bytes, moov, movie?.timescale ?? 0);
  // Fragmented: mvhd covers moov's own samples only (0 for an empty moov). mehd, in mvhd's
  // timescale, states the whole length and wins when present; otherwise the fragments tell it.
  const mehd = child(bytes, mvex, 'mehd');
  const whole = mehd && movie ? milliseconds(u8(bytes, mehd.start) === 1 ? u64be(bytes, mehd.start + 4) : u32be(bytes, mehd.start + 4), movie.timescale) : undefined;
  if (whole !== undefined) return Math.max(whole, declared ?? 0);
  const fragments = fragmentedDurationMs(bytes, moov, mvex);
  return fragments === null ? null : Math.max(fragments, declared ?? 0);
}

interface TrackHeader {
  readonly width: number;
  readonly height: number;
  /** The matrix turns the picture a quarter turn (portrait phone videos). */
  readonly quarterTurn: boolean;
}

function trackHeader(bytes: Uint8Array, box: Box): TrackHeader {
  const version = u8(bytes, box.start);
  // version/flags (4), times and id: v1 8+8+4+4+8, v0 4+4+4+4+4; then reserved (8), layer, group,
  // volume, reserved (2 each), matrix (9 × 4), width and height (16.16 fixed point).
  const matrix = box.start + 4 + (version === 1 ? 32 : 20) + 16;
  const a = i32be(bytes, matrix);
  const b = i32be(bytes, matrix + 4);
  const width = Math.round(u32be(bytes, matrix + 36) / 65536);
  const height = Math.round(u32be(bytes, matrix + 40) / 65536);
  return { width, height, quarterTurn: Math.abs(a) < Math.abs(b) };
}

function measureIsoMedia(bytes: Uint8Array): MediaMeasurement | null {
  const moov = boxes(bytes, 0, bytes.length).find((box) => box.type === 'moov');
  if (!moov) return null;
  const movieDuration = movieDurationMs(bytes, moov);
  for (const trak of boxes(bytes, moov.start, moov.end).filter((box) => box.type === 'trak')) {
    const mdia = child(bytes, trak, 'mdia');
    const hdlr = mdia ? child(bytes, mdia, 'hdlr') : undefined;
    const tkhd = child(bytes, trak, 'tkhd');
    if (!tkhd || !hdlr || ascii(bytes, hdlr.start + 8, 4) !== 'vide') continue;
    const header = trackHeader(bytes, tkhd);
    if (header.width <= 0 || header.height <= 0) continue;
    const size = header.quarterTurn ? { width: header.height, height: header.width } : { width: header.width, height: header.height };
    // A movie that does not tell its length has no duration rather than 0, so no duration limit
    // takes it for a short one (inspectMedia refuses it where a limit applies).
    return movieDuration === null ? size : { ...size, durationMs: movieDuration };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Audio: MP3, M4A, WAV
// ---------------------------------------------------------------------------------------------

/** One MPEG audio Layer III frame header, read. */
interface MpegFrame {
  /** The frame's length in bytes, header included. */
  readonly length: number;
  /** PCM samples per channel the frame decodes to (1152 in MPEG-1, 576 in MPEG-2 and 2.5). */
  readonly samples: number;
  readonly sampleRate: number;
  readonly mpeg1: boolean;
  readonly mono: boolean;
}

/** Layer III bit rates in kbit/s by index (0 is "free format", 15 is invalid). */
const MPEG1_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_BITRATES = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
/** Sample rates by the header's version bits (0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1) and index. */
const MPEG_SAMPLE_RATES: Readonly<Record<number, readonly number[]>> = { 0: [11025, 12000, 8000], 2: [22050, 24000, 16000], 3: [44100, 48000, 32000] };

/**
 * The Layer III frame header at `offset`, or null when there is none: an 11-bit sync, a version
 * that is not reserved, layer III, a bit rate index that is neither free format (its frame length
 * cannot be known from the header) nor invalid, a sample rate that is not reserved. Only Layer III
 * is taken: `.mp3` means that, and Layer I/II files are something else the apps do not play.
 */
function mpegFrameAt(bytes: Uint8Array, offset: number): MpegFrame | null {
  if (offset < 0 || offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1] as number;
  const b2 = bytes[offset + 2] as number;
  const b3 = bytes[offset + 3] as number;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 0x03;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const bitrate = ((mpeg1 ? MPEG1_BITRATES : MPEG2_BITRATES)[bitrateIndex] as number) * 1000;
  const sampleRate = (MPEG_SAMPLE_RATES[version] as readonly number[])[rateIndex] as number;
  const samples = mpeg1 ? 1152 : 576;
  const padding = (b2 >> 1) & 0x01;
  // samples / 8 bytes per bit of rate: 144 × bitrate / rate in MPEG-1, 72 × in MPEG-2 and 2.5.
  return { length: Math.floor(((samples / 8) * bitrate) / sampleRate) + padding, samples, sampleRate, mpeg1, mono: b3 >> 6 === 3 };
}

/** Where the audio starts after an ID3v2 tag at the start (its size is four 7-bit bytes; a footer adds 10). */
function id3v2End(bytes: Uint8Array, offset: number): number {
  if (ascii(bytes, offset, 3) !== 'ID3') return offset;
  const size = (u8(bytes, offset + 6) & 0x7f) * 0x200000 + (u8(bytes, offset + 7) & 0x7f) * 0x4000 + (u8(bytes, offset + 8) & 0x7f) * 0x80 + (u8(bytes, offset + 9) & 0x7f);
  const footer = (u8(bytes, offset + 5) & 0x10) !== 0 ? 10 : 0;
  return offset + 10 + size + footer;
}

/** How far past the tags the first frame may start (encoders pad after ID3 with zeros). */
const MPEG_SYNC_SEARCH = 4096;

/**
 * The first frame of the audio: after the ID3v2 tags, the first offset within MPEG_SYNC_SEARCH
 * bytes that holds a frame header followed by another one (or by the end of the bytes), so that a
 * stray 0xFFE in padding is not taken for the audio.
 */
function firstMpegFrame(bytes: Uint8Array): { offset: number; frame: MpegFrame } | null {
  let start = 0;
  for (let next = id3v2End(bytes, 0); next !== start; next = id3v2End(bytes, start)) start = next;
  if (start > bytes.length) throw new OutOfBounds();
  const last = Math.min(bytes.length - 4, start + MPEG_SYNC_SEARCH);
  for (let offset = start; offset <= last; offset += 1) {
    const frame = mpegFrameAt(bytes, offset);
    if (!frame) continue;
    const after = offset + frame.length;
    if (after >= bytes.length || mpegFrameAt(bytes, after) !== null) return { offset, frame };
  }
  return null;
}

/**
 * The frame count of a Xing/Info (LAME) or VBRI (Fraunhofer) header in the first frame, or null
 * when it has none or states no count. Such a frame carries no audio: it is the file's table of
 * contents, and its count is the audio frames after it.
 */
function mpegHeaderFrames(bytes: Uint8Array, offset: number, frame: MpegFrame): number | null {
  // The side information before the first frame's data: 32 or 17 bytes in MPEG-1, 17 or 9 in MPEG-2.
  const sideInfo = frame.mpeg1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
  const xing = offset + 4 + sideInfo;
  const tag = ascii(bytes, xing, 4);
  if (tag === 'Xing' || tag === 'Info') {
    const flags = u32be(bytes, xing + 4);
    return flags & 0x1 ? u32be(bytes, xing + 8) : null;
  }
  // VBRI sits 32 bytes after the header: id, version (2), delay (2), quality (2), bytes (4), frames (4).
  if (ascii(bytes, offset + 36, 4) === 'VBRI') return u32be(bytes, offset + 36 + 14);
  return null;
}

/** What may follow the last frame of a whole MP3: an ID3v1 tag (128 bytes), an APE or Lyrics3 tag, an appended ID3v2 tag. */
function isMpegTrailer(bytes: Uint8Array, offset: number): boolean {
  const rest = bytes.length - offset;
  if (ascii(bytes, offset, 3) === 'TAG') return rest === 128;
  return ascii(bytes, offset, 8) === 'APETAGEX' || ascii(bytes, offset, 11) === 'LYRICSBEGIN' || ascii(bytes, offset, 3) === 'ID3';
}

/**
 * The frames from the first one on, walked header to header: how many, their samples (each frame's
 * own sample rate), and where the walk stopped (the first offset that holds no whole frame).
 */
function walkMpegFrames(bytes: Uint8Array, first: { offset: number; frame: MpegFrame }): { frames: number; seconds: number; end: number } {
  let offset = first.offset;
  let frames = 0;
  let seconds = 0;
  for (let frame = mpegFrameAt(bytes, offset); frame && offset + frame.length <= bytes.length; frame = mpegFrameAt(bytes, offset)) {
    frames += 1;
    seconds += frame.samples / frame.sampleRate;
    offset += frame.length;
  }
  return { frames, seconds, end: offset };
}

/**
 * An MP3's duration: the Xing/Info or VBRI header's frame count × samples per frame ÷ sample rate
 * when the first frame carries one (what players show for a VBR file), otherwise the frames walked
 * header to header (exact for any file; the first frame's Xing frame, when present without a count,
 * is one frame of silence more). No picture: width and height 0.
 */
function measureMp3(bytes: Uint8Array): MediaMeasurement | null {
  const first = firstMpegFrame(bytes);
  if (!first) return null;
  const counted = mpegHeaderFrames(bytes, first.offset, first.frame);
  if (counted !== null) {
    return counted > 0 ? { width: 0, height: 0, durationMs: Math.round((counted * first.frame.samples * 1000) / first.frame.sampleRate) } : { width: 0, height: 0 };
  }
  const walked = walkMpegFrames(bytes, first);
  return walked.frames > 0 ? { width: 0, height: 0, durationMs: Math.round(walked.seconds * 1000) } : { width: 0, height: 0 };
}

/** A WAV's chunks inside its RIFF chunk: fmt's byte rate and data's size (and where data ends). */
interface WaveChunks {
  readonly byteRate: number | null;
  readonly dataSize: number | null;
  readonly dataEnd: number | null;
  /** The end of the RIFF chunk as its header states it. */
  readonly riffEnd: number;
}

function waveChunks(bytes: Uint8Array): WaveChunks {
  const riffEnd = 8 + u32le(bytes, 4);
  let byteRate: number | null = null;
  let dataSize: number | null = null;
  let dataEnd: number | null = null;
  // Chunks: id (4), size (4, LE), data, a pad byte when the size is odd. Stops at the first data
  // chunk when the bytes end inside it (an oversized file read in part: its header still tells).
  for (let offset = 12; offset + 8 <= Math.min(riffEnd, bytes.length); ) {
    const id = ascii(bytes, offset, 4);
    const size = u32le(bytes, offset + 4);
    if (id === 'fmt ') byteRate = u32le(bytes, within(offset + 8 + size, offset + 16, 4));
    if (id === 'data' && dataSize === null) {
      dataSize = size;
      dataEnd = offset + 8 + size;
    }
    offset += 8 + size + (size & 1);
  }
  return { byteRate, dataSize, dataEnd, riffEnd };
}

/**
 * A WAV's duration: its data chunk's size ÷ the fmt chunk's average byte rate. A data size of
 * 0xFFFFFFFF (a recorder that never came back to fill it in) or a byte rate of 0 tells no length.
 */
function measureWav(bytes: Uint8Array): MediaMeasurement | null {
  const { byteRate, dataSize } = waveChunks(bytes);
  if (byteRate === null || dataSize === null) return null;
  if (byteRate === 0 || dataSize === 0xffffffff || dataSize === 0) return { width: 0, height: 0 };
  return { width: 0, height: 0, durationMs: Math.round((dataSize * 1000) / byteRate) };
}

/** An M4A: the movie's duration (as for video: mvhd, tracks, fragments) when it has a sound track. */
function measureIsoAudio(bytes: Uint8Array): MediaMeasurement | null {
  const moov = boxes(bytes, 0, bytes.length).find((box) => box.type === 'moov');
  if (!moov) return null;
  const sound = boxes(bytes, moov.start, moov.end).some((trak) => {
    if (trak.type !== 'trak') return false;
    const mdia = child(bytes, trak, 'mdia');
    const hdlr = mdia ? child(bytes, mdia, 'hdlr') : undefined;
    return hdlr !== undefined && ascii(bytes, hdlr.start + 8, 4) === 'soun';
  });
  if (!sound) return null;
  const duration = movieDurationMs(bytes, moov);
  return duration === null ? { width: 0, height: 0 } : { width: 0, height: 0, durationMs: duration };
}

// ---------------------------------------------------------------------------------------------
// PAG
// ---------------------------------------------------------------------------------------------

/** Tag codes of libpag's format (include/pag/file.h) that hold compositions and their size. */
const PagTag = {
  End: 0,
  VectorCompositionBlock: 2,
  CompositionAttributes: 3,
  BitmapCompositionBlock: 45,
  VideoCompositionBlock: 50,
} as const;

/** A little-endian reader over PAG's tag stream, with its variable-length integers. */
class PagReader {
  constructor(
    private readonly bytes: Uint8Array,
    public position: number,
    private readonly end: number,
  ) {}

  private need(count: number): void {
    if (this.position + count > this.end) throw new OutOfBounds();
  }

  uint8(): number {
    this.need(1);
    return u8(this.bytes, this.position++);
  }

  uint16(): number {
    this.need(2);
    const value = u16le(this.bytes, this.position);
    this.position += 2;
    return value;
  }

  uint32(): number {
    this.need(4);
    const value = u32le(this.bytes, this.position);
    this.position += 4;
    return value;
  }

  float32(): number {
    this.need(4);
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.position, 4);
    this.position += 4;
    return view.getFloat32(0, true);
  }

  /** 7 bits per byte, least significant group first, high bit = more follows (at most `maxBits`). */
  encodedUint(maxBits: number): number {
    let value = 0;
    let factor = 1;
    for (let shift = 0; shift < maxBits; shift += 7) {
      const byte = this.uint8();
      value += (byte & 0x7f) * factor;
      factor *= 128;
      if ((byte & 0x80) === 0) break;
    }
    return value;
  }

  /** Sign in the lowest bit, magnitude above it. */
  encodedInt32(): number {
    const data = this.encodedUint(32);
    const magnitude = Math.floor(data / 2);
    return data % 2 === 1 ? -magnitude : magnitude;
  }

  /** A tag header: code in the high 10 bits, length in the low 6 (63: a 32-bit length follows). */
  tag(): { code: number; start: number; end: number } {
    const codeAndLength = this.uint16();
    let length = codeAndLength & 0x3f;
    if (length === 0x3f) length = this.uint32();
    const start = this.position;
    if (start + length > this.end) throw new OutOfBounds();
    this.position += length;
    return { code: codeAndLength >> 6, start, end: start + length };
  }
}

/**
 * The highest composition frame rate taken as real. After Effects, where PAG files are exported
 * from, caps a composition at 999 fps; players draw at most a few hundred.
 */
const MAX_PAG_FRAME_RATE = 1000;

interface PagComposition {
  width: number;
  height: number;
  frames: number;
  frameRate: number;
}

function readPagComposition(bytes: Uint8Array, code: number, start: number, end: number): PagComposition | null {
  const reader = new PagReader(bytes, start, end);
  reader.encodedUint(32); // composition id
  if (code === PagTag.VideoCompositionBlock) reader.uint8(); // hasAlpha
  while (reader.position < end) {
    const tag = reader.tag();
    if (tag.code === PagTag.End) break;
    if (tag.code !== PagTag.CompositionAttributes) continue;
    const attributes = new PagReader(bytes, tag.start, tag.end);
    const width = attributes.encodedInt32();
    const height = attributes.encodedInt32();
    const frames = attributes.encodedUint(64);
    const frameRate = attributes.float32();
    return { width, height, frames, frameRate };
  }
  return null;
}

/**
 * A PAG file's size and duration.
 *
 * Header: "PAG", version (1–2; 3 marks an encrypted file, whose body cannot be read), body length
 * (uint32 LE), compression ('U', 0x55: uncompressed, the only one libpag writes or loads — it
 * refuses any other header, so the app could not play such a file). The body is a list of tags; each
 * composition block (vector, bitmap or video) holds a CompositionAttributes tag with width, height,
 * duration in frames and frame rate. As libpag does, the last composition of the file is its main
 * one: its size and duration are the file's. A body shorter than the header says is a cut file. A
 * frame rate that is not above 0 and at most MAX_PAG_FRAME_RATE leaves the duration unknown (absent).
 */
export function measurePag(bytes: Uint8Array): MediaMeasurement | null {
  if (ascii(bytes, 0, 3) !== 'PAG' || bytes.length < 11) return null;
  const version = u8(bytes, 3);
  if (version < 1 || version > 2) return null;
  const bodyLength = u32le(bytes, 4);
  if (u8(bytes, 8) !== 0x55) return null;
  // libpag plays what it gets of a cut file; a check must not take a cut file for a whole one.
  if (bytes.length < 9 + bodyLength) return null;
  const end = 9 + bodyLength;
  const reader = new PagReader(bytes, 9, end);
  let main: PagComposition | null = null;
  while (reader.position < end) {
    const tag = reader.tag();
    if (tag.code === PagTag.End) break;
    if (tag.code === PagTag.VectorCompositionBlock || tag.code === PagTag.BitmapCompositionBlock || tag.code === PagTag.VideoCompositionBlock) {
      main = readPagComposition(bytes, tag.code, tag.start, tag.end) ?? main;
    }
  }
  if (!main || main.width <= 0 || main.height <= 0) return null;
  const size = { width: main.width, height: main.height };
  // A frame rate that is no real one (0, negative, NaN, infinite, above MAX_PAG_FRAME_RATE) gives no
  // length: none is answered rather than 0 or nonsense, so no duration limit takes the file for a
  // short one (inspectMedia refuses it where a limit applies).
  if (!(main.frameRate > 0 && main.frameRate <= MAX_PAG_FRAME_RATE)) return size;
  return { ...size, durationMs: Math.round((main.frames * 1000) / main.frameRate) };
}

// ---------------------------------------------------------------------------------------------
// Completeness: is the whole file there?
// ---------------------------------------------------------------------------------------------

/*
 * The measurers above read headers only, so a file cut off in a copy or a download measures fine.
 * These walks go over the whole file's structure (chunks, segments, blocks, boxes), never its
 * pixels: linear, no copies, and a truncated or structurally broken file answers false. What
 * follows a format's own end (data after PNG's IEND, JPEG's EOI, GIF's trailer, the RIFF chunk,
 * PAG's body) is left alone, as decoders do: cameras append trailers and motion-photo videos there.
 */

/** The CRC-32 table of PNG (ISO 3309), built on first use. */
let crcTable: Uint32Array | null = null;

function crc32(bytes: Uint8Array, start: number, end: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  const table = crcTable;
  let c = 0xffffffff;
  for (let i = start; i < end; i += 1) c = (table[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * PNG: chunks from the signature to IEND, IHDR first, each chunk (length, type, data, CRC) inside
 * the file. Critical chunks (IHDR, PLTE, IDAT, IEND: upper-case first letter) must match their CRC,
 * as libpng insists; a bad CRC on an ancillary chunk is only dropped by decoders, so it is too here.
 */
function pngIsComplete(bytes: Uint8Array): boolean {
  let offset = PNG_SIGNATURE.length;
  while (offset + 12 <= bytes.length) {
    const length = u32be(bytes, offset);
    if (length > 0x7fffffff) return false;
    const end = offset + 12 + length;
    if (end > bytes.length) return false;
    const type = ascii(bytes, offset + 4, 4);
    if (offset === PNG_SIGNATURE.length && type !== 'IHDR') return false;
    const critical = ((bytes[offset + 4] as number) & 0x20) === 0;
    if (critical && crc32(bytes, offset + 4, offset + 8 + length) !== u32be(bytes, offset + 8 + length)) return false;
    if (type === 'IEND') return true;
    offset = end;
  }
  return false;
}

/**
 * JPEG: SOI, marker segments whose lengths stay inside the file, at least one SOS with its
 * entropy-coded data (walked to the next real marker: 0xFF00 is a stuffed byte, 0xFFD0–D7 restart
 * markers), further segments and scans of a progressive file likewise, then EOI.
 */
function jpegIsComplete(bytes: Uint8Array): boolean {
  const length = bytes.length;
  if (u8(bytes, 0) !== 0xff || u8(bytes, 1) !== 0xd8) return false;
  let offset = 2;
  let scans = 0;
  for (;;) {
    if (offset + 2 > length || bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return scans > 0; // end of image
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // standalone markers carry no length
      continue;
    }
    if (marker === 0x00 || marker === 0xd8) return false; // a stuffed byte outside a scan, a second SOI
    if (offset + 4 > length) return false;
    const segment = u16be(bytes, offset + 2);
    if (segment < 2 || offset + 2 + segment > length) return false;
    offset += 2 + segment;
    if (marker !== 0xda) continue;
    scans += 1;
    // Entropy-coded data: up to the next marker that is neither a stuffed byte nor a restart.
    for (;;) {
      const ff = bytes.indexOf(0xff, offset);
      if (ff < 0 || ff + 1 >= length) return false;
      const next = bytes[ff + 1] as number;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
        offset = ff + 2;
        continue;
      }
      offset = ff;
      break;
    }
  }
}

/** GIF: screen descriptor, colour table, then images and extensions block by block to the trailer. */
function gifIsComplete(bytes: Uint8Array): boolean {
  const length = bytes.length;
  const screenFlags = u8(bytes, 10);
  let offset = 13 + ((screenFlags & 0x80) !== 0 ? 3 * (2 << (screenFlags & 0x07)) : 0);
  let images = 0;
  while (offset < length) {
    const introducer = bytes[offset] as number;
    if (introducer === 0x3b) return images > 0; // trailer
    if (introducer === 0x2c) {
      // Image descriptor (10 bytes with the separator), local colour table, LZW minimum code size.
      const flags = u8(bytes, offset + 9);
      offset += 10 + ((flags & 0x80) !== 0 ? 3 * (2 << (flags & 0x07)) : 0) + 1;
      images += 1;
    } else if (introducer === 0x21) {
      offset += 2; // introducer and label
    } else {
      return false;
    }
    // Data sub-blocks: a size byte, that many bytes, up to a size of 0.
    for (;;) {
      if (offset >= length) return false;
      const size = bytes[offset] as number;
      offset += 1 + size;
      if (size === 0) break;
    }
  }
  return false;
}

/**
 * WebP: the RIFF chunk's stated size fits the file, and the chunks inside it tile it (each padded
 * to an even length; the last one's pad byte may be left out) with an image among them.
 */
function webpIsComplete(bytes: Uint8Array): boolean {
  const riffSize = u32le(bytes, 4);
  const end = 8 + riffSize;
  if (riffSize < 4 || end > bytes.length) return false;
  let offset = 12;
  let image = false;
  while (offset + 8 <= end) {
    const type = ascii(bytes, offset, 4);
    const size = u32le(bytes, offset + 4);
    const chunkEnd = offset + 8 + size;
    if (chunkEnd > end) return false;
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') image = true;
    offset = chunkEnd + (size & 1);
  }
  return image && offset >= end;
}

/**
 * Whether every chunk of every track's sample table starts inside the file: stco (or co64, its
 * 64-bit form) offsets, which are file offsets. Only the starts: a chunk's length would take stsc
 * and stsz, and a file cut inside its mdat already fails the tiling of the top-level boxes.
 */
function chunksInside(bytes: Uint8Array, moov: Box): boolean {
  for (const trak of boxes(bytes, moov.start, moov.end)) {
    if (trak.type !== 'trak') continue;
    const stbl = sampleTable(bytes, trak);
    if (!stbl) continue;
    for (const table of boxes(bytes, stbl.start, stbl.end)) {
      const wide = table.type === 'co64';
      if (!wide && table.type !== 'stco') continue;
      // version/flags (4), entry_count (4), then one offset (4, or 8 in co64) per chunk.
      const size = wide ? 8 : 4;
      const count = u32be(bytes, within(table.end, table.start + 4, 4));
      const entries = within(table.end, table.start + 8, count * size);
      for (let i = 0; i < count; i += 1) {
        if ((wide ? u64be(bytes, entries + i * size) : u32be(bytes, entries + i * size)) >= bytes.length) return false;
      }
    }
  }
  return true;
}

/** trex default-sample-size of a track (0 without a trex for it). */
function trexSampleSize(bytes: Uint8Array, mvex: Box | undefined, id: number): number {
  if (!mvex) return 0;
  for (let trex = mvex.start; trex + 8 <= mvex.end; trex = boxEnd(bytes, trex, mvex.end)) {
    if (u32be(bytes, trex + 4) !== TREX) continue;
    const start = boxContent(bytes, trex);
    const end = boxEnd(bytes, trex, mvex.end);
    // version/flags (4), track_ID, default sample description index, duration, then size.
    if (u32be(bytes, within(end, start + 4, 4)) === id) return u32be(bytes, within(end, start + 16, 4));
  }
  return 0;
}

/**
 * Whether the sample data every fragment's truns describe lies inside the file. A file cut right
 * after a moof, before its mdat, still tiles (see `isoMediaIsComplete`); its truns point past the
 * end. Per traf, from tfhd: the base offset is base_data_offset when tfhd carries it (flag 0x1, a
 * file offset: ffmpeg writes it), else the moof's first byte when default-base-is-moof (0x20000) is
 * set or the traf is the moof's first, else where the previous traf's data ended (ISO/IEC 14496-12,
 * 8.8.7). Per trun: data at base + data_offset (0x1, signed), or without one right after the
 * previous trun's data (the first at the base); its length is its per-sample sizes (0x200), else
 * sample_count × tfhd's default-sample-size (0x10), else × trex's. A traf without tfhd is damage.
 * A few box headers per fragment and 4 bytes per sample when truns list sizes; nothing allocated
 * per fragment.
 */
function fragmentsInside(bytes: Uint8Array, mvex: Box | undefined): boolean {
  const length = bytes.length;
  for (let moof = 0; moof + 8 <= length; moof = boxEnd(bytes, moof, length)) {
    if (u32be(bytes, moof + 4) !== MOOF) continue;
    const moofEnd = boxEnd(bytes, moof, length);
    let dataEnd = moof; // the first traf's implicit base: the moof's first byte
    for (let traf = boxContent(bytes, moof); traf + 8 <= moofEnd; traf = boxEnd(bytes, traf, moofEnd)) {
      if (u32be(bytes, traf + 4) !== TRAF) continue;
      const trafEnd = boxEnd(bytes, traf, moofEnd);
      let tfhd = -1;
      for (let box = boxContent(bytes, traf); box + 8 <= trafEnd && tfhd < 0; box = boxEnd(bytes, box, trafEnd)) {
        if (u32be(bytes, box + 4) === TFHD) tfhd = box;
      }
      if (tfhd < 0) return false;
      const tfhdStart = boxContent(bytes, tfhd);
      const tfhdEnd = boxEnd(bytes, tfhd, trafEnd);
      const tfhdFlags = fullBoxFlags(bytes, tfhdStart);
      // After track_ID: base data offset (8) if 0x1, sample description index (4) if 0x2, default
      // duration (4) if 0x8, default size (4) if 0x10.
      const base = tfhdFlags & 0x1 ? u64be(bytes, within(tfhdEnd, tfhdStart + 8, 8)) : tfhdFlags & 0x20000 ? moof : dataEnd;
      const sizeAt = tfhdStart + 8 + (tfhdFlags & 0x1 ? 8 : 0) + (tfhdFlags & 0x2 ? 4 : 0) + (tfhdFlags & 0x8 ? 4 : 0);
      const defaultSize = tfhdFlags & 0x10 ? u32be(bytes, within(tfhdEnd, sizeAt, 4)) : trexSampleSize(bytes, mvex, u32be(bytes, within(tfhdEnd, tfhdStart + 4, 4)));
      let position = base;
      for (let trun = boxContent(bytes, traf); trun + 8 <= trafEnd; trun = boxEnd(bytes, trun, trafEnd)) {
        if (u32be(bytes, trun + 4) !== TRUN) continue;
        const start = boxContent(bytes, trun);
        const end = boxEnd(bytes, trun, trafEnd);
        const flags = fullBoxFlags(bytes, start);
        const count = u32be(bytes, within(end, start + 4, 4));
        if (flags & 0x1) position = base + i32be(bytes, within(end, start + 8, 4));
        // Per-sample fields as in fragmentedDurationMs; the size follows the duration when both are there.
        const entries = start + 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
        const stride = 4 * (((flags >> 8) & 1) + ((flags >> 9) & 1) + ((flags >> 10) & 1) + ((flags >> 11) & 1));
        within(end, entries, count * stride);
        let size = 0;
        if (flags & 0x200) {
          const sizes = entries + (flags & 0x100 ? 4 : 0);
          for (let i = 0; i < count; i += 1) size += u32be(bytes, sizes + i * stride);
        } else {
          size = count * defaultSize;
        }
        if (position < 0 || position + size > length) return false;
        position += size;
      }
      dataEnd = position;
    }
  }
  return true;
}

/**
 * MP4 and MOV: the top-level boxes tile the file exactly (a box running past the end, or a stub of
 * a header after the last one, is a cut; size 0, "to the end of the file", is fine for the last),
 * with a moov and an mdat (a fragmented file's moof/mdat pairs included); the sample data the
 * tables point at starts inside the file (`chunksInside`), and a fragment's lies wholly inside it
 * (`fragmentsInside`). Data in another file (a dref that is not self-contained) counts as missing:
 * the app could not play it either.
 */
function isoMediaIsComplete(bytes: Uint8Array): boolean {
  const top = boxes(bytes, 0, bytes.length); // throws on a box past the end
  const last = top[top.length - 1];
  if (!last || last.end !== bytes.length) return false;
  const moov = top.find((box) => box.type === 'moov');
  if (!moov || !top.some((box) => box.type === 'mdat')) return false;
  return chunksInside(bytes, moov) && fragmentsInside(bytes, child(bytes, moov, 'mvex'));
}

/**
 * MP3: the ID3v2 tags in front fit the file, then frames follow one another header to header to
 * the end, where only a tag may follow (`isMpegTrailer`): a file cut inside a frame ends in a
 * frame header whose frame runs past the end, which is not a tag.
 */
function mp3IsComplete(bytes: Uint8Array): boolean {
  const first = firstMpegFrame(bytes);
  if (!first) return false;
  const walked = walkMpegFrames(bytes, first);
  return walked.frames > 0 && (walked.end === bytes.length || isMpegTrailer(bytes, walked.end));
}

/** WAV: the RIFF chunk's stated size fits the file, with a fmt chunk and a data chunk wholly inside it. */
function wavIsComplete(bytes: Uint8Array): boolean {
  const chunks = waveChunks(bytes);
  return chunks.riffEnd <= bytes.length && chunks.byteRate !== null && chunks.dataEnd !== null && chunks.dataEnd <= chunks.riffEnd;
}

/** PAG: the header (9 bytes) and the body length it states are all there. */
function pagIsComplete(bytes: Uint8Array): boolean {
  return bytes.length >= 9 && bytes.length >= 9 + u32le(bytes, 4);
}

/**
 * Whether the bytes are a whole file of their type (sniffed from them): false for a file cut short
 * or structurally broken, and for content that is none of our types. Walks the file's structure,
 * never decodes pixels. Never throws.
 */
export function isCompleteMedia(bytes: Uint8Array): boolean {
  try {
    switch (sniffType(bytes)) {
      case 'png':
        return pngIsComplete(bytes);
      case 'jpg':
        return jpegIsComplete(bytes);
      case 'gif':
        return gifIsComplete(bytes);
      case 'webp':
        return webpIsComplete(bytes);
      case 'mp4':
      case 'mov':
      case 'm4a':
        return isoMediaIsComplete(bytes);
      case 'pag':
        return pagIsComplete(bytes);
      case 'mp3':
        return mp3IsComplete(bytes);
      case 'wav':
        return wavIsComplete(bytes);
      case null:
        return false;
    }
  } catch (error) {
    if (error instanceof OutOfBounds || error instanceof RangeError) return false;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Entry
// ---------------------------------------------------------------------------------------------

/**
 * The displayed size (and duration for video, PAG and audio; audio's size is 0 × 0) of a file of one of our types, or null when
 * the bytes are not one, are cut short before the size, or are damaged. Never throws.
 */
export function measureMedia(bytes: Uint8Array): MediaMeasurement | null {
  const type = sniffType(bytes);
  try {
    let measured: MediaMeasurement | null;
    switch (type) {
      case 'png':
        measured = measurePng(bytes);
        break;
      case 'gif':
        measured = measureGif(bytes);
        break;
      case 'webp':
        measured = measureWebp(bytes);
        break;
      case 'jpg':
        measured = measureJpeg(bytes);
        break;
      case 'mp4':
      case 'mov':
        measured = measureIsoMedia(bytes);
        break;
      case 'pag':
        measured = measurePag(bytes);
        break;
      case 'mp3':
        measured = measureMp3(bytes);
        break;
      case 'm4a':
        measured = measureIsoAudio(bytes);
        break;
      case 'wav':
        measured = measureWav(bytes);
        break;
      case null:
        measured = null;
        break;
    }
    if (!measured) return null;
    // Audio has no picture; everything else must have one.
    if (type !== null && mediaTypeInfo[type].kind === 'audio') return measured;
    if (!(measured.width > 0) || !(measured.height > 0)) return null;
    return measured;
  } catch (error) {
    if (error instanceof OutOfBounds || error instanceof RangeError) return null;
    throw error;
  }
}
