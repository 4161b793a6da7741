import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { imageSize } from 'image-size';
import * as MP4Box from 'mp4box';
import { describe, expect, it } from 'vitest';
import { measureMedia, measurePag, sniffType } from '@contract/media-measure';
import { fixturesDir, mediaFixtures, pag, png, video } from '../fixtures/media/generate';

const read = (file: string) => new Uint8Array(readFileSync(join(fixturesDir, file)));

/** mp4box's reading of a movie: duration in ms and the first video track's tkhd size and matrix. */
function mp4boxInfo(bytes: Uint8Array): { durationMs: number; width: number; height: number; matrix: number[] } {
  const file = MP4Box.createFile();
  let info: MP4Box.Movie | null = null;
  file.onReady = (movie) => {
    info = movie;
  };
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as MP4Box.MP4BoxBuffer;
  buffer.fileStart = 0;
  file.appendBuffer(buffer);
  file.flush();
  const movie = info as MP4Box.Movie | null;
  if (!movie) throw new Error('mp4box did not read the movie');
  const track = movie.videoTracks[0];
  if (!track) throw new Error('mp4box found no video track');
  const fragment = movie.fragment_duration;
  const duration = movie.duration > 0 ? (movie.duration * 1000) / movie.timescale : fragment ? (Number(fragment.num) * 1000) / Number(fragment.den) : 0;
  return { durationMs: Math.round(duration), width: track.track_width, height: track.track_height, matrix: Array.from(track.matrix) };
}

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
    for (const brand of ['heic', 'mif1', 'avif', 'M4A ']) expect(sniffType(ftyp(brand)), brand).toBeNull();
  });

  it('takes old QuickTime files that start without ftyp', () => {
    expect(sniffType(new Uint8Array([0, 0, 0, 8, ...Buffer.from('wide'), 0, 0, 0, 8]))).toBe('mov');
    expect(sniffType(new Uint8Array([0, 0, 1, 0, ...Buffer.from('moov')]))).toBe('mov');
  });

  it('knows nothing else, and nothing from too few bytes', () => {
    for (const text of ['', 'P', 'PA', 'PAG', 'PAG\x09', 'GIF88a', 'RIFF1234WAVE', '%PDF-1.7', '<svg xmlns="http://www.w3.org/2000/svg"/>']) {
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
    const compressed = Buffer.from(bytes);
    compressed[8] = 1;
    expect(measureMedia(new Uint8Array(compressed))).toBeNull();
    const encrypted = Buffer.from(bytes);
    encrypted[3] = 3;
    expect(measureMedia(new Uint8Array(encrypted))).toBeNull();
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
        const measured = measureMedia(new Uint8Array([...magic, ...rest]));
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
