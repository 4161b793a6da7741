import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { imageSize } from 'image-size';
import * as MP4Box from 'mp4box';
import { describe, expect, it } from 'vitest';
import { isCompleteMedia, measureMedia, measurePag, sniffType } from '@contract/media-measure';
import { fixturesDir, mediaFixtures, movieFragment, pag, png, video, type VideoFragment, type VideoOptions } from '../fixtures/media/generate';

const read = (file: string) => new Uint8Array(readFileSync(join(fixturesDir, file)));

/** mp4box's reading of a movie: duration in ms and the first video track's tkhd size and matrix. */
function mp4boxInfo(bytes: Uint8Array): { durationMs: number; width: number; height: number; matrix: number[] } {
  const file = MP4Box.createFile();
  let ready = false;
  file.onReady = () => {
    ready = true;
  };
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as MP4Box.MP4BoxBuffer;
  buffer.fileStart = 0;
  file.appendBuffer(buffer);
  file.flush();
  if (!ready) throw new Error('mp4box did not read the movie');
  // Asked after the whole file went in, mp4box has read the fragments too: its fragment_duration is
  // mehd's, or without mehd what the fragments' samples add up to (moov's included).
  const movie = file.getInfo();
  const track = movie.videoTracks[0];
  if (!track) throw new Error('mp4box found no video track');
  const fragment = movie.fragment_duration;
  const declared = movie.duration > 0 ? (movie.duration * 1000) / movie.timescale : 0;
  // A movie whose mvhd and mdhd say 0: the longest track's stts as mp4box parses it (not its
  // samples_duration, which takes the last sample's duration from mdhd: 0 here).
  const samples = Math.max(
    0,
    ...file.moov.traks.map((trak) => {
      const { stts } = trak.mdia.minf.stbl;
      const ticks = stts.sample_counts.reduce((sum, count, i) => sum + count * (stts.sample_deltas[i] ?? 0), 0);
      return trak.mdia.mdhd.timescale > 0 ? (ticks * 1000) / trak.mdia.mdhd.timescale : 0;
    }),
  );
  const duration = Math.max(declared, fragment ? (Number(fragment.num) * 1000) / Number(fragment.den) : 0) || samples;
  return { durationMs: Math.round(duration), width: track.track_width, height: track.track_height, matrix: Array.from(track.matrix) };
}

/** Whether a fixture is a fragmented movie: moof boxes after moov. */
const isFragmented = (bytes: Uint8Array) => Buffer.from(bytes).includes('moof');

/** The top-level boxes of an ISO-BMFF file (32-bit sizes, as the fixtures write them): type and end. */
function topLevelBoxes(bytes: Uint8Array): { type: string; end: number }[] {
  const found: { type: string; end: number }[] = [];
  for (let offset = 0; offset + 8 <= bytes.length; ) {
    const type = Buffer.from(bytes).toString('latin1', offset + 4, offset + 8);
    offset += new DataView(bytes.buffer, bytes.byteOffset).getUint32(offset);
    found.push({ type, end: offset });
  }
  return found;
}
const topLevelEnds = (bytes: Uint8Array) => topLevelBoxes(bytes).map((box) => box.end);

describe('the media fixtures', () => {
  it('are what generate.ts builds (regenerate with npx tsx tests/fixtures/media/generate.ts)', () => {
    for (const fixture of mediaFixtures) expect(Buffer.from(read(fixture.file)).equals(fixture.build()), fixture.file).toBe(true);
  });

  it('stay small', () => {
    for (const fixture of mediaFixtures) expect(read(fixture.file).length, fixture.file).toBeLessThan(16 * 1024);
  });
});

describe('sniffType and measureMedia on every fixture', () => {
  it.each(mediaFixtures.map((f) => [f.file, f] as const))('%s', (_file, fixture) => {
    const bytes = read(fixture.file);
    expect(sniffType(bytes)).toBe(fixture.type);
    const measured = measureMedia(bytes);
    if (fixture.expected === null) expect(measured).toBeNull();
    else expect(measured).toEqual(fixture.expected.durationMs === undefined ? { width: fixture.expected.width, height: fixture.expected.height } : fixture.expected);
  });
});

describe('agreement with image-size and mp4box', () => {
  const images = mediaFixtures.filter((f) => ['png', 'jpg', 'gif', 'webp'].includes(f.type ?? '') && f.expected !== null);
  it.each(images.map((f) => [f.file] as const))('image-size reads %s as we do', (file) => {
    const bytes = read(file);
    const theirs = imageSize(bytes);
    const quarter = (theirs.orientation ?? 1) >= 5;
    expect(measureMedia(bytes)).toEqual({ width: quarter ? theirs.height : theirs.width, height: quarter ? theirs.width : theirs.height });
    expect(theirs.type === 'jpg' ? 'jpg' : theirs.type).toBe(sniffType(bytes));
  });

  const movies = mediaFixtures.filter((f) => f.type === 'mp4' || f.type === 'mov');
  it.each(movies.map((f) => [f.file] as const))('mp4box reads %s as we do', (file) => {
    const bytes = read(file);
    const theirs = mp4boxInfo(bytes);
    const rotated = theirs.matrix[0] === 0 && Math.abs(theirs.matrix[1] ?? 0) === 0x10000;
    expect(measureMedia(bytes)).toEqual({
      width: rotated ? theirs.height : theirs.width,
      height: rotated ? theirs.width : theirs.height,
      durationMs: theirs.durationMs,
    });
  });
});

describe('sniffType', () => {
  const ftyp = (brand: string) => new Uint8Array([0, 0, 0, 16, ...Buffer.from('ftyp'), ...Buffer.from(brand), 0, 0, 0, 0]);
  it('tells movies from ISO-BMFF files that are not video', () => {
    expect(sniffType(ftyp('isom'))).toBe('mp4');
    expect(sniffType(ftyp('mp42'))).toBe('mp4');
    expect(sniffType(ftyp('qt  '))).toBe('mov');
    for (const brand of ['heic', 'mif1', 'avif', 'M4P ']) expect(sniffType(ftyp(brand)), brand).toBeNull();
    // Audio-only MPEG-4 is its own type (media-audio.test.ts).
    expect(sniffType(ftyp('M4A '))).toBe('m4a');
  });

  it('takes old QuickTime files that start without ftyp', () => {
    expect(sniffType(new Uint8Array([0, 0, 0, 8, ...Buffer.from('wide'), 0, 0, 0, 8]))).toBe('mov');
    expect(sniffType(new Uint8Array([0, 0, 1, 0, ...Buffer.from('moov')]))).toBe('mov');
  });

  it('knows nothing else, and nothing from too few bytes', () => {
    for (const text of ['', 'P', 'PA', 'PAG', 'PAG\x09', 'GIF88a', 'RIFF1234AVI ', '%PDF-1.7', '<svg xmlns="http://www.w3.org/2000/svg"/>']) {
      expect(sniffType(new Uint8Array(Buffer.from(text, 'latin1'))), JSON.stringify(text)).toBeNull();
    }
    expect(sniffType(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe('measureMedia details', () => {
  it('reads the frame size of a lossy WebP (VP8 ) header', () => {
    // RIFF, WEBP, "VP8 " chunk: frame tag, start code 9d 01 2a, 14-bit width and height with scale bits.
    const header = Buffer.alloc(30);
    header.write('RIFF', 0, 'latin1');
    header.writeUInt32LE(22, 4);
    header.write('WEBPVP8 ', 8, 'latin1');
    header.writeUInt32LE(10, 16);
    header.set([0x9d, 0x01, 0x2a], 23);
    header.writeUInt16LE(640 | 0x4000, 26); // a scale bit set: ignored
    header.writeUInt16LE(480, 28);
    expect(measureMedia(new Uint8Array(header))).toEqual({ width: 640, height: 480 });
  });

  it('takes the last composition of a PAG file as its main one', () => {
    expect(measurePag(new Uint8Array(pag({ width: 300, height: 500, frames: 60, frameRate: 30, precomposition: { width: 10, height: 10 } })))).toEqual({
      width: 300,
      height: 500,
      durationMs: 2000,
    });
  });

  it('refuses a PAG body with compression or a version it does not know', () => {
    const bytes = Buffer.from(pag({ width: 300, height: 500, frames: 60, frameRate: 30 }));
    expect(measureMedia(new Uint8Array(bytes))).not.toBeNull();
    // libpag loads only 'U' (0x55, uncompressed): 0 or any other byte there is a file the app refuses.
    for (const compression of [0, 1, 0x43]) {
      const other = Buffer.from(bytes);
      other[8] = compression;
      expect(measureMedia(new Uint8Array(other)), `compression ${compression}`).toBeNull();
    }
    const encrypted = Buffer.from(bytes);
    encrypted[3] = 3;
    expect(measureMedia(new Uint8Array(encrypted))).toBeNull();
  });

  it('answers no PAG duration, not 0 or nonsense, for a frame rate that is no real one', () => {
    const withRate = (frameRate: number) => measurePag(new Uint8Array(pag({ width: 300, height: 500, frames: 60, frameRate })));
    for (const frameRate of [0, -0, -30, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1000.5, 1e9]) {
      expect(withRate(frameRate), `frame rate ${frameRate}`).toEqual({ width: 300, height: 500 });
    }
    expect(withRate(1000)).toEqual({ width: 300, height: 500, durationMs: 60 });
    expect(withRate(29.97)?.durationMs).toBe(2002); // 60 frames at NTSC's 30000/1001 (as a float32)
    expect(withRate(0.5)?.durationMs).toBe(120_000); // slow, but a real rate: a long file, for the limits to judge
    // The fixtures' own frame rate, overwritten in place (float32 LE in CompositionAttributes).
    for (const [file, rate, durationMs] of [
      ['popup-720x1280-5s.pag', 30, 5_000],
      ['popup-anim-360x640-2s.pag', 24, 2_000],
    ] as const) {
      const bytes = Buffer.from(read(file));
      const float = Buffer.alloc(4);
      float.writeFloatLE(rate);
      const at = bytes.indexOf(float);
      expect(measureMedia(new Uint8Array(bytes))?.durationMs, file).toBe(durationMs);
      for (const broken of [0, -rate, Number.NaN, 5000]) {
        bytes.writeFloatLE(broken, at);
        const measured = measureMedia(new Uint8Array(bytes));
        expect(measured, `${file} at ${broken} fps`).not.toBeNull();
        expect(measured, `${file} at ${broken} fps`).not.toHaveProperty('durationMs');
      }
    }
  });

  it('never throws on a file cut short anywhere, and never answers a size for a file cut before it', () => {
    for (const fixture of mediaFixtures.filter((f) => f.expected !== null)) {
      const bytes = read(fixture.file);
      for (let length = 0; length < bytes.length; length += 1) {
        const measured = measureMedia(bytes.subarray(0, length));
        if (measured !== null) expect(measured, `${fixture.file} cut at ${length}`).toMatchObject({ width: fixture.expected?.width, height: fixture.expected?.height });
      }
    }
  });

  it('never throws on arbitrary bytes behind any magic number', () => {
    const magics = [
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0xff, 0xd8, 0xff],
      [...Buffer.from('GIF89a')],
      [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')],
      [0, 0, 0, 0x18, ...Buffer.from('ftypisom')],
      [...Buffer.from('PAG'), 1],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...magics), fc.uint8Array({ maxLength: 600 }), (magic, rest) => {
        const bytes = new Uint8Array([...magic, ...rest]);
        const measured = measureMedia(bytes);
        expect(typeof isCompleteMedia(bytes)).toBe('boolean');
        return measured === null || (measured.width > 0 && measured.height > 0);
      }),
      { numRuns: 3000 },
    );
  });

  it('survives hostile box and tag sizes', () => {
    const movie = Buffer.from(video({ width: 100, height: 100, durationMs: 1000 }));
    // moov claiming more than the file holds, a 64-bit size of 2^60, and a size of 1 (too small for its header).
    for (const size of [0x7fffffff, 1]) {
      const broken = Buffer.from(movie);
      broken.writeUInt32BE(size, 32 /* after ftyp */);
      expect(() => measureMedia(new Uint8Array(broken))).not.toThrow();
    }
    const pagFile = Buffer.from(pag({ width: 10, height: 10, frames: 1, frameRate: 1 }));
    pagFile.writeUInt16LE((2 << 6) | 63, 9);
    expect(measureMedia(new Uint8Array(pagFile))).toBeNull();
    expect(measureMedia(new Uint8Array(png(0, 10)))).toBeNull();
  });
});

describe('fragmented movies', () => {
  const head = (options: { trexDuration?: number } = {}) => video({ width: 1280, height: 640, durationMs: 0, trackTimescale: 15360, fragments: [], ...options });
  /** A fragmented movie of fragments starting where `starts` say (tfdt), after an empty moov. */
  const withFragments = (fragments: ReadonlyArray<VideoFragment>, starts: ReadonlyArray<number>, options: { trexDuration?: number } = {}) =>
    new Uint8Array(Buffer.concat([head(options), ...fragments.map((fragment, i) => movieFragment(i + 1, fragment, starts[i] ?? 0))]));
  const measured = (file: string) => measureMedia(read(file));
  const second = 15360; // the track timescale of these movies, as ffmpeg writes it

  it('reads the length of a movie with an empty moov and no mehd from its fragments', () => {
    // Per-sample durations in the truns (0.3 s and 0.367 s by turns) with tfdt.
    expect(measured('banner-1280x640-fragmented-trun-12s.mp4')).toEqual({ width: 1280, height: 640, durationMs: 12_000 });
    // Counts of samples of tfhd's default duration, then of trex's, without tfdt.
    expect(measured('banner-1280x640-fragmented-defaults-20s.mp4')).toEqual({ width: 1280, height: 640, durationMs: 20_000 });
  });

  it('does not take moov’s first 2 s for the length of an 18 s movie (ffmpeg’s frag_keyframe without empty_moov)', () => {
    const bytes = read('banner-1280x640-fragmented-moov-2s-of-18s.mp4');
    const mvhd = Buffer.from(bytes).indexOf('mvhd');
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(mvhd + 4 + 16)).toBe(2000); // what mvhd says
    expect(measureMedia(bytes)).toEqual({ width: 1280, height: 640, durationMs: 18_000 });
  });

  it('keeps mehd when the movie has it: it states the whole length', () => {
    const fixture = read('banner-1280x640-fragmented-8s.mp4');
    const longer = new Uint8Array(Buffer.concat([fixture, movieFragment(1, { count: 900, duration: 1, in: 'tfhd' }, 0)]));
    expect(measureMedia(longer)).toEqual({ width: 1280, height: 640, durationMs: 8_000 });
  });

  it('measures a movie cut between its fragments as the shorter movie it is', () => {
    const bytes = read('banner-1280x640-fragmented-trun-12s.mp4');
    // Cut after each moof/mdat pair but the last.
    const cuts = topLevelBoxes(bytes)
      .filter((box) => box.type === 'mdat' && box.end < bytes.length)
      .map((box) => box.end);
    expect(cuts.map((end) => isCompleteMedia(bytes.subarray(0, end)))).toEqual([true, true]);
    expect(cuts.map((end) => measureMedia(bytes.subarray(0, end))?.durationMs)).toEqual([4_000, 8_000]);
  });

  it('counts a gap between fragments (tfdt jumping ahead) and fragments that overlap (tfdt going back)', () => {
    const fragment: VideoFragment = { count: 2, duration: second, in: 'tfhd', tfdt: true };
    // 2 s, then 2 s from 60 s on: the timeline a player shows runs 62 s.
    expect(measureMedia(withFragments([fragment, fragment], [0, 60 * second]))?.durationMs).toBe(62_000);
    // Three fragments of 2 s that all claim to start at 0: 6 s of samples are still there.
    expect(measureMedia(withFragments([fragment, fragment, fragment], [0, 0, 0]))?.durationMs).toBe(6_000);
    // A file cut from a stream: decode times start late, only their span counts.
    expect(measureMedia(withFragments([fragment, fragment], [3600 * second, 3602 * second]))?.durationMs).toBe(4_000);
  });

  it('answers no duration, not 0, when the fragments do not tell it', () => {
    const unknown = { width: 1280, height: 640 };
    // No duration anywhere: not per sample, not in tfhd, 0 in trex.
    expect(measureMedia(withFragments([{ count: 300, duration: 0, in: 'trex' }], [0]))).toEqual(unknown);
    // An empty moov with no fragment at all.
    expect(measureMedia(new Uint8Array(head()))).toEqual(unknown);
    // Per-sample durations of 0 add up to nothing either.
    expect(measureMedia(withFragments([{ durations: [0, 0, 0] }], [0]))).toEqual(unknown);
    // With trex's default the same count has a length.
    expect(measureMedia(withFragments([{ count: 300, duration: 0, in: 'trex' }], [0], { trexDuration: 512 }))?.durationMs).toBe(10_000);
  });

  it('counts a last sample of unknown length (default 0, as ffmpeg’s frag_every_frame writes it) as 0, not the whole file as unknown', () => {
    const frame: VideoFragment = { count: 1, duration: 512, in: 'tfhd', tfdt: true };
    const last: VideoFragment = { count: 1, duration: 0, in: 'tfhd', tfdt: true };
    // 29 frames of 1/30 s (512 ticks at 15360), then the last one whose length the writer could not
    // know: 29/30 s, one frame short of what a player shows, rather than "unknown" and refused.
    const frames = [...Array.from({ length: 29 }, () => frame), last];
    expect(measureMedia(withFragments(frames, frames.map((_, i) => i * 512)))?.durationMs).toBe(967);
  });

  it('takes a 64-bit mdhd duration of all ones (unknown, as Smooth Streaming writes it) for no length', () => {
    const bytes = Buffer.from(video({ width: 1280, height: 640, durationMs: 4_000, version1: true, trackTimescale: second, fragments: [{ count: 4, duration: second, in: 'tfhd' }] }));
    const mdhd = bytes.indexOf('mdhd');
    bytes.fill(0xff, mdhd + 4 + 4 + 8 + 8 + 4, mdhd + 4 + 4 + 8 + 8 + 4 + 8); // version/flags, times, timescale, then duration
    expect(measureMedia(new Uint8Array(bytes))?.durationMs).toBe(4_000);
  });

  it('refuses to measure a trun that lists more samples than it holds', () => {
    const bytes = Buffer.from(read('banner-1280x640-fragmented-trun-12s.mp4'));
    const trun = bytes.indexOf('trun');
    bytes.writeUInt32BE(13, trun + 8); // sample_count: 13 where 12 are written
    expect(measureMedia(new Uint8Array(bytes))).toBeNull();
    bytes.writeUInt32BE(0xffffffff, trun + 8);
    expect(measureMedia(new Uint8Array(bytes))).toBeNull();
  });

  it('never throws on a damaged fragmented movie, and never answers a negative or endless length', () => {
    const fragmented = mediaFixtures.filter((f) => f.file.startsWith('banner-1280x640-fragmented'));
    fc.assert(
      fc.property(fc.constantFrom(...fragmented), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }), (fixture, damage) => {
        const bytes = new Uint8Array(read(fixture.file));
        for (const [at, value] of damage) bytes[at % bytes.length] = value;
        const result = measureMedia(bytes);
        expect(typeof isCompleteMedia(bytes)).toBe('boolean');
        return result === null || result.durationMs === undefined || (Number.isFinite(result.durationMs) && result.durationMs >= 0);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('movies whose headers do not state their length', () => {
  const second = 15360;
  const unstated = (options: Partial<VideoOptions> = {}) =>
    new Uint8Array(video({ width: 1080, height: 1440, durationMs: 0, trackTimescale: second, unstatedDuration: 0, ...options }));
  const uint32 = (bytes: Uint8Array, offset: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(offset);
  /** `movie` with `other`'s trak appended to its moov (the fixtures write 32-bit sizes). */
  function withTrackOf(movie: Uint8Array, other: Uint8Array): Uint8Array {
    const from = Buffer.from(other);
    const trakAt = from.indexOf('trak') - 4;
    const trak = from.subarray(trakAt, trakAt + from.readUInt32BE(trakAt));
    const into = Buffer.from(movie);
    const moovAt = into.indexOf('moov') - 4;
    const moovEnd = moovAt + into.readUInt32BE(moovAt);
    const out = Buffer.concat([into.subarray(0, moovEnd), trak, into.subarray(moovEnd)]);
    out.writeUInt32BE(moovEnd - moovAt + trak.length, moovAt);
    return new Uint8Array(out);
  }

  it('reads the length from the sample table when mvhd and mdhd say 0 or "unknown"', () => {
    const bytes = read('cover-1080x1440-unstated-7s.mp4');
    const text = Buffer.from(bytes);
    expect(uint32(bytes, text.indexOf('mvhd') + 4 + 16)).toBe(0); // version/flags, times, timescale, then duration
    expect(uint32(bytes, text.indexOf('mdhd') + 4 + 16)).toBe(0);
    expect(measureMedia(bytes)).toEqual({ width: 1080, height: 1440, durationMs: 7_000 });
    // The same stts entries (150 × 1/30 s, 30 × 1/15 s) behind all-ones durations, in 32 and 64 bits.
    const runs = [
      { count: 150, duration: 512 },
      { count: 30, duration: 1024 },
    ];
    for (const version1 of [false, true]) expect(measureMedia(unstated({ moovSamples: runs, unstatedDuration: 'unknown', version1 }))?.durationMs).toBe(7_000);
  });

  it('still takes mdhd when only mvhd says 0', () => {
    const bytes = Buffer.from(read('cover-1080x1440-10s.mp4'));
    bytes.writeUInt32BE(0, bytes.indexOf('mvhd') + 4 + 16);
    expect(measureMedia(new Uint8Array(bytes))?.durationMs).toBe(10_000);
  });

  it('takes the edit list before the sample table: what a player shows, empty edits included', () => {
    const runs = { count: 243, duration: 512 }; // 8.1 s of samples
    // 0.5 s of nothing (media time −1), then 8 s of the media: 8.5 s, the samples' last 0.1 s trimmed.
    const edited = unstated({ moovSamples: runs, editList: [{ duration: 500, mediaTime: -1 }, { duration: 8_000, mediaTime: 0 }] });
    expect(measureMedia(edited)?.durationMs).toBe(8_500);
    // An edit of 0 ("as long as the media") says nothing: the sample table tells it.
    expect(measureMedia(unstated({ moovSamples: runs, editList: [{ duration: 0, mediaTime: 0 }] }))?.durationMs).toBe(8_100);
    expect(measureMedia(unstated({ moovSamples: runs }))?.durationMs).toBe(8_100);
  });

  it('takes the longest track, as mvhd would have', () => {
    const short = unstated({ moovSamples: { count: 60, duration: 512 } }); // 2 s
    const long = unstated({ width: 720, height: 960, moovSamples: { count: 150, duration: 1024 } }); // 10 s
    expect(measureMedia(withTrackOf(short, long))).toEqual({ width: 1080, height: 1440, durationMs: 10_000 });
    expect(measureMedia(withTrackOf(long, short))).toEqual({ width: 720, height: 960, durationMs: 10_000 });
  });

  it('answers no duration, not 0, when nothing tells the length', () => {
    const unknown = { width: 1080, height: 1440 };
    expect(measureMedia(unstated())).toEqual(unknown); // no samples at all
    expect(measureMedia(unstated({ unstatedDuration: 'unknown', version1: true }))).toEqual(unknown);
    expect(measureMedia(unstated({ moovSamples: { count: 30, duration: 0 } }))).toEqual(unknown); // samples of no duration
    // A timescale of 0 turns no count of ticks into time.
    const bytes = Buffer.from(read('cover-1080x1440-unstated-7s.mp4'));
    bytes.writeUInt32BE(0, bytes.indexOf('mdhd') + 4 + 12);
    expect(measureMedia(new Uint8Array(bytes))).toEqual(unknown);
  });

  it('reads a fragmented movie’s samples in moov from stts when its mdhd says 0', () => {
    const bytes = Buffer.from(read('banner-1280x640-fragmented-moov-2s-of-18s.mp4'));
    bytes.writeUInt32BE(0, bytes.indexOf('mdhd') + 4 + 16);
    expect(measureMedia(new Uint8Array(bytes))?.durationMs).toBe(18_000);
  });

  it('refuses to measure an stts or elst listing more entries than it holds', () => {
    const bytes = Buffer.from(read('cover-1080x1440-unstated-7s.mp4'));
    bytes.writeUInt32BE(3, bytes.indexOf('stts') + 4 + 4); // entry_count: 3 where 2 are written
    expect(measureMedia(new Uint8Array(bytes))).toBeNull();
    const edited = Buffer.from(unstated({ moovSamples: { count: 30, duration: 512 }, editList: [{ duration: 1_000, mediaTime: 0 }] }));
    edited.writeUInt32BE(2, edited.indexOf('elst') + 4 + 4);
    expect(measureMedia(new Uint8Array(edited))).toBeNull();
  });
});

describe('isCompleteMedia', () => {
  const whole = mediaFixtures.filter((f) => f.type !== null && f.file !== 'truncated.png');
  const concat = (...parts: ArrayLike<number>[]) => new Uint8Array(Buffer.concat(parts.map((part) => Buffer.from(Uint8Array.from(part)))));

  it.each(whole.map((f) => [f.file] as const))('takes the whole of %s, and none of it cut short', (file) => {
    const bytes = read(file);
    expect(isCompleteMedia(bytes)).toBe(true);
    for (const cut of [1, 10, Math.floor(bytes.length / 2)]) expect(isCompleteMedia(bytes.subarray(0, bytes.length - cut)), `${file} minus ${cut}`).toBe(false);
    // A fragmented movie cut right after one of its fragments is a whole, shorter movie: no structure
    // tells the two apart (see the fragmented movies below: it measures shorter too).
    const fragmentEnds = isFragmented(bytes) ? topLevelEnds(bytes) : [];
    for (let length = 0; length < bytes.length; length += 1) {
      if (isCompleteMedia(bytes.subarray(0, length)) && !fragmentEnds.includes(length)) expect.fail(`${file} cut at ${length} of ${bytes.length} passed as whole`);
    }
  });

  it('knows no completeness for what is none of our types or cut before its header', () => {
    expect(isCompleteMedia(read('not-an-image.png'))).toBe(false);
    expect(isCompleteMedia(read('truncated.png'))).toBe(false);
    expect(isCompleteMedia(new Uint8Array(0))).toBe(false);
  });

  it('refuses a file whose end is zeros (a download that set the size first and stopped)', () => {
    for (const file of ['start-1080x1920.png', 'start-1080x1920.jpg', 'rotated-exif6-100x200.jpg', 'thumb-512x512.gif']) {
      const bytes = read(file);
      const zeroed = new Uint8Array(bytes);
      zeroed.fill(0, Math.floor(bytes.length * 0.6));
      expect(isCompleteMedia(zeroed), file).toBe(false);
    }
  });

  it('PNG: walks to IEND, checks critical CRCs, leaves what follows IEND alone', () => {
    const bytes = new Uint8Array(png(64, 64));
    expect(isCompleteMedia(concat(bytes, [0, 0, 0, 0, 1, 2, 3]))).toBe(true);
    const idat = Buffer.from(bytes).indexOf('IDAT');
    const flipped = new Uint8Array(bytes);
    flipped[idat + 4] = (flipped[idat + 4] as number) ^ 0xff; // a damaged byte of the image data
    expect(isCompleteMedia(flipped)).toBe(false);
    // An ancillary chunk with a wrong CRC is dropped by decoders, not fatal.
    const withText = concat(bytes.subarray(0, 33), [0, 0, 0, 1, ...Buffer.from('tEXt'), 0x41, 0, 0, 0, 0], bytes.subarray(33));
    expect(isCompleteMedia(withText)).toBe(true);
    // No IEND at all.
    expect(isCompleteMedia(bytes.subarray(0, bytes.length - 12))).toBe(false);
    // A chunk claiming more than the file holds.
    const long = new Uint8Array(bytes);
    long.set([0x7f, 0xff, 0xff, 0xff], idat - 4);
    expect(isCompleteMedia(long)).toBe(false);
  });

  it('JPEG: needs a scan and EOI; takes padding or a trailer after EOI', () => {
    const bytes = read('start-1080x1920.jpg');
    expect(isCompleteMedia(concat(bytes, new Uint8Array(64)))).toBe(true);
    expect(isCompleteMedia(concat(bytes, Buffer.from('SEFHtrailer')))).toBe(true);
    // The entropy data may hold stuffed 0xFF00, restart markers and fill bytes before EOI.
    const scanned = concat(bytes.subarray(0, bytes.length - 2), [0xff, 0x00, 0xff, 0xd0, 0x12, 0xff, 0xff, 0xd9]);
    expect(isCompleteMedia(scanned)).toBe(true);
    // EOI straight after the header segments: no scan.
    const sos = Buffer.from(bytes).indexOf(Buffer.from([0xff, 0xda]));
    expect(isCompleteMedia(concat(bytes.subarray(0, sos), [0xff, 0xd9]))).toBe(false);
    // A header segment longer than the file.
    const long = new Uint8Array(bytes);
    long.set([0xff, 0xff], 4);
    expect(isCompleteMedia(long)).toBe(false);
  });

  it('GIF: walks every block to the trailer', () => {
    const bytes = read('cover-300x400.gif');
    expect(isCompleteMedia(concat(bytes, [0, 0]))).toBe(true);
    const noTrailer = bytes.subarray(0, bytes.length - 1);
    expect(isCompleteMedia(noTrailer)).toBe(false);
    expect(isCompleteMedia(concat(noTrailer, [0x00]))).toBe(false);
    // A screen without any image.
    expect(isCompleteMedia(concat(bytes.subarray(0, 19), [0x3b]))).toBe(false);
  });

  it('WebP: the RIFF size fits the file and its chunks tile it', () => {
    const bytes = read('cover-1080x1440-vp8x.webp');
    expect(isCompleteMedia(concat(bytes, [0, 0, 0, 0]))).toBe(true); // bytes after the RIFF chunk
    const claimsMore = new Uint8Array(bytes);
    new DataView(claimsMore.buffer).setUint32(4, bytes.length, true);
    expect(isCompleteMedia(claimsMore)).toBe(false);
    const chunkTooLong = new Uint8Array(bytes);
    new DataView(chunkTooLong.buffer).setUint32(16, 0xffff, true);
    expect(isCompleteMedia(chunkTooLong)).toBe(false);
    // A VP8X chunk alone, with a RIFF size that says so: no image.
    const header = new Uint8Array(bytes.subarray(0, 30));
    new DataView(header.buffer).setUint32(4, 22, true);
    expect(isCompleteMedia(header)).toBe(false);
  });

  it('MP4 and MOV: the top-level boxes tile the file, with moov and mdat', () => {
    const bytes = read('cover-1080x1440-10s.mp4');
    const mdat = bytes.length - 8; // the fixtures end with an empty mdat
    expect(isCompleteMedia(concat(bytes, [0, 0, 0, 16, ...Buffer.from('free'), 1, 2, 3, 4, 5, 6, 7, 8]))).toBe(true);
    // mdat with size 0 (to the end of the file) and with a 64-bit size.
    expect(isCompleteMedia(concat(bytes.subarray(0, mdat), [0, 0, 0, 0, ...Buffer.from('mdat'), 9, 9, 9]))).toBe(true);
    expect(isCompleteMedia(concat(bytes.subarray(0, mdat), [0, 0, 0, 1, ...Buffer.from('mdat'), 0, 0, 0, 0, 0, 0, 0, 20, 1, 2, 3, 4]))).toBe(true);
    expect(isCompleteMedia(concat(bytes.subarray(0, mdat), [0, 0, 0, 1, ...Buffer.from('mdat'), 0, 0, 0, 0, 0, 0, 0, 21, 1, 2, 3, 4]))).toBe(false);
    // No mdat; a stub of a box header after the last box; an mdat that says it is longer.
    expect(isCompleteMedia(bytes.subarray(0, mdat))).toBe(false);
    expect(isCompleteMedia(concat(bytes, [0, 0, 0]))).toBe(false);
    expect(isCompleteMedia(concat(bytes.subarray(0, mdat), [0, 0, 1, 0, ...Buffer.from('mdat'), 1, 2, 3]))).toBe(false);
    // A fragmented movie: moov, then moof/mdat pairs.
    const fragmented = read('banner-1280x640-fragmented-8s.mp4');
    const fragment = concat([0, 0, 0, 8, ...Buffer.from('moof')], [0, 0, 0, 12, ...Buffer.from('mdat'), 1, 2, 3, 4]);
    expect(isCompleteMedia(concat(fragmented, fragment, fragment))).toBe(true);
    expect(isCompleteMedia(concat(fragmented, fragment, fragment.subarray(0, 18)))).toBe(false);
  });

  it('MP4 fragments: the data every trun describes lies inside the file', () => {
    const bytes = read('banner-1280x640-fragmented-data-6s.mp4');
    const top = topLevelBoxes(bytes);
    const ends = (type: string) => top.filter((box) => box.type === type).map((box) => box.end);
    // Cut after a moof, before its mdat: the boxes still tile, the samples are gone. After an mdat: a whole, shorter movie.
    expect(ends('moof').map((end) => isCompleteMedia(bytes.subarray(0, end)))).toEqual([false, false, false]);
    expect(ends('mdat').map((end) => isCompleteMedia(bytes.subarray(0, end)))).toEqual([true, true, true]);
    /** Whether the fixture, changed by `edit`, is whole. */
    const wholeAfter = (edit: (file: Buffer) => void) => {
      const file = Buffer.from(bytes);
      edit(file);
      return isCompleteMedia(new Uint8Array(file));
    };
    const at = (type: string, nth = 0) => {
      let found = -1;
      for (let i = 0; i <= nth; i += 1) found = Buffer.from(bytes).indexOf(type, found + 1);
      return found + 4; // the box's content
    };
    expect(wholeAfter(() => undefined)).toBe(true);
    // The last mdat one byte shorter than its trun says, its size rewritten to match.
    const lastMdat = top[top.length - 2]?.end as number;
    const shorter = Buffer.from(bytes.subarray(0, bytes.length - 1));
    shorter.writeUInt32BE(bytes.length - 1 - lastMdat, lastMdat);
    expect(isCompleteMedia(new Uint8Array(shorter))).toBe(false);
    // Fragment 1: per-sample sizes in the trun, data_offset from the moof.
    expect(wholeAfter((file) => file.writeUInt32BE(10_000, at('trun') + 8 + 4 + 4))).toBe(false); // a first sample of 10 000 bytes
    expect(wholeAfter((file) => file.writeInt32BE(bytes.length, at('trun') + 8))).toBe(false); // data past the end
    expect(wholeAfter((file) => file.writeInt32BE(-(ends('moov')[0] as number) - 1, at('trun') + 8))).toBe(false); // before the start
    // Fragment 2: tfhd's base_data_offset (a file offset) and default-sample-size.
    expect(wholeAfter((file) => file.writeBigUInt64BE(BigInt(bytes.length), at('tfhd', 1) + 8))).toBe(false);
    expect(wholeAfter((file) => file.writeBigUInt64BE(2n ** 60n, at('tfhd', 1) + 8))).toBe(false);
    expect(wholeAfter((file) => file.writeUInt32BE(0x10000, at('tfhd', 1) + 8 + 8 + 4))).toBe(false);
    // Fragment 3: trex's default-sample-size, 7 bytes where the last mdat holds 20 × 6.
    expect(wholeAfter((file) => file.writeUInt32BE(7, at('trex') + 16))).toBe(false);
    expect(wholeAfter((file) => file.writeUInt32BE(5, at('trex') + 16))).toBe(true); // less than there is: fine
    // A traf without its tfhd: no base to place its data from.
    expect(wholeAfter((file) => file.write('free', at('tfhd', 2) - 4, 'latin1'))).toBe(false);
    // The fixtures without sample data (sizes 0) are whole, as the walk over every fixture checks.
  });

  it('MP4 and MOV: every chunk offset (stco, co64) points inside the file', () => {
    const bytes = read('cover-1080x1440-unstated-7s.mp4');
    const chunk = Buffer.from(bytes).indexOf('stco') + 4 + 8; // version/flags, entry_count, then the one offset
    const withOffset = (offset: number) => {
      const file = Buffer.from(bytes);
      file.writeUInt32BE(offset, chunk);
      return isCompleteMedia(new Uint8Array(file));
    };
    expect([withOffset(0), withOffset(bytes.length - 1), withOffset(bytes.length), withOffset(0xffffffff)]).toEqual([true, true, false, false]);
    /** The fixture with its stco as a co64 of `offset`: 4 bytes longer, its parents grown to match. */
    const withCo64 = (offset: bigint) => {
      const file = Buffer.from(bytes);
      const stco = file.indexOf('stco') - 4;
      const co64 = Buffer.alloc(24);
      co64.writeUInt32BE(24, 0);
      co64.write('co64', 4, 'latin1');
      co64.writeUInt32BE(1, 12);
      co64.writeBigUInt64BE(offset, 16);
      const out = Buffer.concat([file.subarray(0, stco), co64, file.subarray(stco + 20)]);
      for (const parent of ['moov', 'trak', 'mdia', 'minf', 'stbl']) {
        const size = out.indexOf(parent) - 4;
        out.writeUInt32BE(out.readUInt32BE(size) + 4, size);
      }
      return new Uint8Array(out);
    };
    expect(measureMedia(withCo64(0n))).toEqual({ width: 1080, height: 1440, durationMs: 7_000 });
    expect([0n, BigInt(bytes.length + 3), BigInt(bytes.length + 4), 2n ** 40n].map((offset) => isCompleteMedia(withCo64(offset)))).toEqual([true, true, false, false]);
    // A table listing more chunks than it holds.
    const file = Buffer.from(bytes);
    file.writeUInt32BE(2, chunk - 4);
    expect(isCompleteMedia(new Uint8Array(file))).toBe(false);
  });

  it('PAG: the body the header states is all there', () => {
    const bytes = read('popup-720x1280-5s.pag');
    expect(isCompleteMedia(concat(bytes, [0]))).toBe(true);
    const longer = new Uint8Array(bytes);
    new DataView(longer.buffer).setUint32(4, bytes.length, true);
    expect(isCompleteMedia(longer)).toBe(false);
    expect(isCompleteMedia(bytes.subarray(0, 8))).toBe(false);
  });

  it('never throws, and never calls a strict prefix of a whole fixture whole', () => {
    fc.assert(
      fc.property(fc.constantFrom(...whole), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), (fixture, share) => {
        const bytes = read(fixture.file);
        const length = Math.floor(bytes.length * share);
        return !isCompleteMedia(bytes.subarray(0, length)) || (isFragmented(bytes) && topLevelEnds(bytes).includes(length));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => typeof isCompleteMedia(bytes) === 'boolean'),
      { numRuns: 1000 },
    );
  });
});
