import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/errors';
import {
  acceptedExtensions,
  checkMedia,
  inspectMedia,
  mediaHint,
  mediaNameOf,
  mediaNameSchema,
  mediaRules,
  mediaTypeOfName,
  mimeOfType,
  typeOfMime,
  type MediaSample,
} from '@contract/media';
import { isCompleteMedia, measureMedia, sniffType } from '@contract/media-measure';
import { m4a, mp3, mp3DurationMs, mp3FramesFor, wav, wavByteRate } from '../fixtures/media/audio';
import { png, video } from '../fixtures/media/generate';

/**
 * Audio media (issue 11: a banner's default music and music list): MP3, M4A and WAV identified,
 * measured and checked for completeness by the contract's pure measurer (main before upload, the
 * server after), and the `banner.music` rule's limits at their boundaries and one past them.
 */

const MB = 1024 * 1024;
const music = mediaRules['banner.music'];
const sample = (name: string, bytes: Uint8Array, size = bytes.length): MediaSample => ({ name, size, bytes, ...(size > bytes.length ? { partial: true } : {}) });
const codes = (refusals: ReadonlyArray<{ code: number }>) => refusals.map((refusal) => refusal.code);
const u = (buffer: Buffer) => new Uint8Array(buffer);

describe('audio types', () => {
  it('are named, typed and served as operators and players expect', () => {
    expect(mediaTypeOfName('theme.MP3')).toBe('mp3');
    expect(mediaTypeOfName('theme.m4a')).toBe('m4a');
    expect(mediaTypeOfName('theme.wav')).toBe('wav');
    expect(mimeOfType('mp3')).toBe('audio/mpeg');
    expect(mimeOfType('m4a')).toBe('audio/mp4');
    expect(mimeOfType('wav')).toBe('audio/wav');
    expect(typeOfMime('audio/x-m4a')).toBe('m4a');
    expect(typeOfMime('audio/x-wav')).toBe('wav');
    expect(typeOfMime('audio/mp3')).toBe('mp3');
    expect(acceptedExtensions(music)).toEqual(['mp3', 'm4a', 'wav']);
  });

  it('have stored names and paths like every other medium', () => {
    const sha = 'c'.repeat(64);
    for (const type of ['mp3', 'm4a', 'wav']) {
      expect(mediaNameSchema.safeParse(`${sha}.${type}`).success, type).toBe(true);
      expect(mediaNameOf(`/api/v1/media/${sha}.${type}`)).toBe(`${sha}.${type}`);
    }
    expect(mediaNameSchema.safeParse(`${sha}.ogg`).success).toBe(false);
    expect(mediaNameOf(`/api/v1/media/${sha}.flac`)).toBeNull();
  });
});

describe('sniffType on audio', () => {
  it('knows MP3 by its first frame or its ID3v2 tag, WAV by RIFF/WAVE, M4A by its ftyp brand', () => {
    expect(sniffType(u(mp3({ frames: 2 })))).toBe('mp3');
    expect(sniffType(u(mp3({ frames: 2, id3v2: 64 })))).toBe('mp3');
    expect(sniffType(u(mp3({ frames: 2, mpeg: 2, mono: true })))).toBe('mp3');
    expect(sniffType(u(wav({ ms: 10 })))).toBe('wav');
    expect(sniffType(u(m4a({ ms: 1000 })))).toBe('m4a');
    expect(sniffType(u(m4a({ ms: 1000, brand: 'M4B ' })))).toBe('m4a');
    expect(sniffType(u(m4a({ ms: 1000, brand: 'M4P ' })))).toBeNull();
  });

  it('does not take Layer I/II, reserved versions, free-format or bad bit rates for MP3', () => {
    const header = (b1: number, b2: number) => new Uint8Array([0xff, b1, b2, 0x00]);
    expect(sniffType(header(0xfb, 0x90))).toBe('mp3'); // MPEG-1 Layer III 128 kbit/s 44.1 kHz
    expect(sniffType(header(0xfd, 0x90))).toBeNull(); // Layer II
    expect(sniffType(header(0xff, 0x90))).toBeNull(); // Layer I
    expect(sniffType(header(0xeb, 0x90))).toBeNull(); // reserved version
    expect(sniffType(header(0xfb, 0x00))).toBeNull(); // free format
    expect(sniffType(header(0xfb, 0xf0))).toBeNull(); // bit rate index 15
    expect(sniffType(header(0xfb, 0x9c))).toBeNull(); // reserved sample rate
    expect(sniffType(new Uint8Array([0xff, 0xfb, 0x90]))).toBeNull(); // too few bytes
    expect(sniffType(u(Buffer.from('ID3')))).toBeNull();
  });
});

describe('measuring audio', () => {
  it('counts an MP3’s frames: 1152 samples each at 44.1 kHz, 576 at 22.05 kHz', () => {
    expect(measureMedia(u(mp3({ frames: 100 })))).toEqual({ width: 0, height: 0, durationMs: mp3DurationMs(100) });
    expect(mp3DurationMs(100)).toBe(2612);
    expect(measureMedia(u(mp3({ frames: 100, mpeg: 2, mono: true })))?.durationMs).toBe(mp3DurationMs(100, 2));
    expect(measureMedia(u(mp3({ frames: 383, id3v2: 1000, id3v1: true })))?.durationMs).toBe(mp3DurationMs(383));
  });

  it('reads the frame count of a Xing, Info or VBRI header (a VBR file’s length) instead of walking', () => {
    for (const header of ['xing', 'info', 'vbri'] as const) {
      expect(measureMedia(u(mp3({ frames: 10, header, headerFrames: 1000 })))?.durationMs, header).toBe(mp3DurationMs(1000));
    }
    // An MPEG-1 mono file's Xing header sits after 17 bytes of side information, not 32.
    expect(measureMedia(u(mp3({ frames: 10, mono: true, header: 'xing', headerFrames: 500 })))?.durationMs).toBe(mp3DurationMs(500));
    // A header that counts nothing leaves the length unknown rather than 0.
    expect(measureMedia(u(mp3({ frames: 10, header: 'xing', headerFrames: 0 })))).toEqual({ width: 0, height: 0 });
  });

  it('finds the first frame after zero padding behind the ID3 tag, but not past the search window', () => {
    const padded = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 10]), Buffer.alloc(10), Buffer.alloc(200), mp3({ frames: 5 })]);
    expect(measureMedia(u(padded))?.durationMs).toBe(mp3DurationMs(5));
    const far = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0]), Buffer.alloc(5000), mp3({ frames: 5 })]);
    expect(measureMedia(u(far))).toBeNull();
  });

  it('divides a WAV’s data by its byte rate, whatever chunks come between', () => {
    expect(measureMedia(u(wav({ ms: 5000 })))).toEqual({ width: 0, height: 0, durationMs: 5000 });
    expect(measureMedia(u(wav({ ms: 2500, sampleRate: 44100, channels: 2, bits: 16, list: true })))?.durationMs).toBe(2500);
    expect(wavByteRate({ ms: 0, sampleRate: 44100, channels: 2, bits: 16 })).toBe(176_400);
    // A recorder that never filled in the data size tells no length.
    expect(measureMedia(u(wav({ ms: 100, statedDataSize: 0xffffffff })))).toEqual({ width: 0, height: 0 });
  });

  it('takes an M4A’s length from its movie header, and only with a sound track', () => {
    expect(measureMedia(u(m4a({ ms: 12_345 })))).toEqual({ width: 0, height: 0, durationMs: 12_345 });
    expect(measureMedia(u(m4a({ ms: 12_345, handler: 'vide' })))).toBeNull();
  });

  it('never throws on cut or hostile bytes', () => {
    for (const bytes of [mp3({ frames: 3, id3v2: 50 }), wav({ ms: 50 }), m4a({ ms: 50 })]) {
      for (let length = 0; length <= bytes.length; length += 7) {
        expect(() => measureMedia(u(bytes.subarray(0, length)))).not.toThrow();
        expect(() => isCompleteMedia(u(bytes.subarray(0, length)))).not.toThrow();
      }
    }
  });
});

describe('completeness of audio', () => {
  it('takes whole files, with the tags that may follow an MP3', () => {
    for (const bytes of [mp3({ frames: 20 }), mp3({ frames: 20, id3v2: 30, id3v1: true, header: 'xing' }), wav({ ms: 300, list: true }), m4a({ ms: 900 })]) {
      expect(isCompleteMedia(u(bytes))).toBe(true);
    }
    expect(isCompleteMedia(u(Buffer.concat([mp3({ frames: 4 }), Buffer.from('APETAGEX'), Buffer.alloc(24)])))).toBe(true);
  });

  it('refuses a file cut anywhere inside its last frame or chunk, and junk after the frames', () => {
    const song = mp3({ frames: 20 });
    expect(isCompleteMedia(u(song.subarray(0, song.length - 1)))).toBe(false);
    expect(isCompleteMedia(u(song.subarray(0, song.length - 416)))).toBe(false); // one byte of the last frame left
    expect(isCompleteMedia(u(song.subarray(0, song.length - 417)))).toBe(true); // exactly one frame less: still whole
    expect(isCompleteMedia(u(Buffer.concat([song, Buffer.from('junk')])))).toBe(false);
    const tagged = mp3({ frames: 3, id3v1: true });
    expect(isCompleteMedia(u(tagged.subarray(0, tagged.length - 1)))).toBe(false); // a cut ID3v1 tag
    const sound = wav({ ms: 200 });
    expect(isCompleteMedia(u(sound.subarray(0, sound.length - 1)))).toBe(false);
    const movie = m4a({ ms: 200 });
    expect(isCompleteMedia(u(movie.subarray(0, movie.length - 1)))).toBe(false);
  });
});

describe('the banner.music rule', () => {
  it('limits types, bytes and duration, and nothing about pixels', () => {
    expect(music).toMatchObject({ kinds: ['audio'], types: ['mp3', 'm4a', 'wav'], maxBytes: 10 * MB, maxDurationMs: 180_000 });
    expect(music.width ?? music.maxWidth ?? music.ratio).toBeUndefined();
    expect(mediaHint(music)).toEqual({ types: ['MP3', 'M4A', 'WAV'], size: null, ratio: null, maxSize: '10 MB', maxSeconds: 180 });
  });

  it('accepts 3 minutes exactly and refuses a millisecond more, with the audio message', () => {
    const rate = wavByteRate({ ms: 0 }); // 8000 bytes a second: 8 per millisecond
    const exactly = wav({ ms: 180_000 });
    expect(inspectMedia(music, sample('theme.wav', u(exactly)))).toEqual({
      measured: { kind: 'audio', type: 'wav', declaredType: 'wav', bytes: exactly.length, width: 0, height: 0, durationMs: 180_000 },
      refusals: [],
    });
    const longer = wav({ ms: 0, dataBytes: 180_001 * (rate / 1000) });
    expect(inspectMedia(music, sample('theme.wav', u(longer))).refusals).toEqual([{ code: ErrorCode.DurationTooLong, key: 'validation.audioDuration', params: { max: 180 } }]);
  });

  it('refuses an MP3 one frame past 3 minutes, and takes the last one within', () => {
    const within = mp3FramesFor(180_000) - 1;
    expect(mp3DurationMs(within)).toBeLessThanOrEqual(180_000);
    expect(mp3DurationMs(within + 1)).toBeGreaterThan(180_000);
    expect(inspectMedia(music, sample('a.mp3', u(mp3({ frames: within })))).refusals).toEqual([]);
    expect(codes(inspectMedia(music, sample('a.mp3', u(mp3({ frames: within + 1 })))).refusals)).toEqual([ErrorCode.DurationTooLong]);
  });

  it('accepts 10 MB exactly and refuses a byte more', () => {
    const header = 44;
    const atLimit = wav({ ms: 0, sampleRate: 44100, channels: 2, bits: 16, dataBytes: 10 * MB - header });
    expect(atLimit.length).toBe(10 * MB);
    expect(inspectMedia(music, sample('take.wav', u(atLimit))).refusals).toEqual([]);
    // One byte more: a 16-bit stereo WAV grows by whole frames, so the extra byte is a RIFF pad byte.
    const over = Buffer.concat([atLimit, Buffer.alloc(1)]);
    expect(codes(inspectMedia(music, sample('take.wav', u(over))).refusals)).toContain(ErrorCode.FileTooLarge);
    expect(checkMedia(music, { kind: 'audio', type: 'mp3', bytes: 10 * MB + 1, width: 0, height: 0, durationMs: 1000 })).toEqual([
      { code: ErrorCode.FileTooLarge, key: 'validation.fileSize', params: { max: '10 MB' } },
    ]);
    // An oversized file read in part is refused for its size alone.
    const head = u(mp3({ frames: 10 }));
    expect(codes(inspectMedia(music, sample('big.mp3', head, 10 * MB + 1)).refusals)).toEqual([ErrorCode.FileTooLarge]);
  });

  it('refuses pictures and videos, names that lie, damaged and lengthless audio', () => {
    expect(codes(inspectMedia(music, sample('cover.png', u(png(8, 8)))).refusals)).toEqual([ErrorCode.FileTypeNotAllowed]);
    const movie = u(video({ width: 640, height: 360, durationMs: 5000 }));
    expect(codes(inspectMedia(music, sample('clip.mp4', movie)).refusals)).toEqual([ErrorCode.FileTypeNotAllowed]);
    expect(codes(inspectMedia(music, sample('song.wav', u(mp3({ frames: 10 })))).refusals)).toEqual([ErrorCode.ContentTypeMismatch]);
    const song = mp3({ frames: 10 });
    expect(codes(inspectMedia(music, sample('song.mp3', u(song.subarray(0, song.length - 3)))).refusals)).toEqual([ErrorCode.FileReadFailed]);
    expect(codes(inspectMedia(music, sample('rec.wav', u(wav({ ms: 100, statedDataSize: 0xffffffff })))).refusals)).toEqual([ErrorCode.FileReadFailed]);
  });

  it('is not taken by the picture and video rules', () => {
    expect(codes(inspectMedia(mediaRules['banner.media'], sample('song.mp3', u(mp3({ frames: 10 })))).refusals)).toEqual([ErrorCode.FileTypeNotAllowed]);
  });
});

describe('the startPage.video rule', () => {
  const rule = mediaRules['startPage.video'];
  it('takes a 9:16 video of at most 1080 × 1920 and 10 s, and refuses one past each limit', () => {
    expect(inspectMedia(rule, sample('splash.mp4', u(video({ width: 1080, height: 1920, durationMs: 10_000 })))).refusals).toEqual([]);
    expect(inspectMedia(rule, sample('splash.mp4', u(video({ width: 720, height: 1280, durationMs: 3_000 })))).refusals).toEqual([]);
    expect(codes(inspectMedia(rule, sample('splash.mp4', u(video({ width: 1080, height: 1920, durationMs: 10_001 })))).refusals)).toEqual([ErrorCode.DurationTooLong]);
    expect(codes(inspectMedia(rule, sample('splash.mp4', u(video({ width: 1081, height: 1922, durationMs: 3_000 })))).refusals)).toEqual([ErrorCode.DimensionMax]);
    expect(codes(inspectMedia(rule, sample('splash.mp4', u(video({ width: 1080, height: 1080, durationMs: 3_000 })))).refusals)).toEqual([ErrorCode.RatioMismatch]);
    expect(rule.maxBytes).toBe(10 * MB);
  });
});
