import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { enUS, zhCN } from '@contract/i18n';
import { ipcChannels } from '@contract/ipc';
import { projectResource } from '@contract/resources/projects';
import {
  acceptedExtensions,
  checkDimensions,
  checkMedia,
  checkMediaRequired,
  checkSizeMatch,
  defineMediaRules,
  formatBytes,
  inspectMedia,
  mediaHint,
  mediaNameOf,
  mediaPreviewPath,
  mediaRuleIdSchema,
  mediaRuleIds,
  mediaRules,
  mediaRuleSchema,
  mediaTypeInfo,
  mediaTypeOfExtension,
  mediaTypeOfName,
  mediaTypes,
  mimeOfType,
  ratioMatches,
  ratioValue,
  typeOfMime,
  type MeasuredMedia,
  type MediaRefusal,
  type MediaRule,
} from '@contract/media';
import { fixturesDir, mediaFixtures, pag, video } from '../fixtures/media/generate';

const codes = (refusals: ReadonlyArray<MediaRefusal>) => refusals.map((r) => r.code);
const start = mediaRules['startPage.image'];
const png = (width: number, height: number, extra: Partial<MeasuredMedia> = {}): MeasuredMedia => ({
  kind: 'image',
  type: 'png',
  bytes: 1000,
  width,
  height,
  ...extra,
});

describe('media rules', () => {
  it('has one rule per id, each well formed and as GET /media/rules answers it', () => {
    expect(Object.keys(mediaRules).sort()).toEqual([...mediaRuleIds].sort());
    for (const id of mediaRuleIds) {
      const rule: MediaRule = mediaRules[id];
      expect(rule.id).toBe(id);
      expect(rule.types.length).toBeGreaterThan(0);
      for (const type of rule.types) expect(rule.kinds).toContain(mediaTypeInfo[type].kind);
      expect(rule.maxBytes).toBeGreaterThan(0);
      expect((rule.width === undefined) === (rule.height === undefined), `${id} exact size comes in pairs`).toBe(true);
      if (rule.ratio) expect(Number.isNaN(ratioValue(rule.ratio))).toBe(false);
      if (rule.width !== undefined && rule.height !== undefined && rule.ratio) {
        expect(ratioMatches(rule.ratio, rule.width, rule.height), `${id}: exact size and ratio agree`).toBe(true);
      }
      if (rule.maxWidth !== undefined && rule.maxHeight !== undefined && rule.ratio) {
        expect(ratioMatches(rule.ratio, rule.maxWidth, rule.maxHeight), `${id}: the upper bound has the ratio`).toBe(true);
      }
      if (rule.kinds.includes('video') || rule.kinds.includes('pag')) expect(rule.maxDurationMs, id).toBeGreaterThan(0);
      expect(mediaRuleSchema.safeParse(rule).success, id).toBe(true);
      expect(Object.isFrozen(rule)).toBe(true);
    }
  });

  it('takes a new rule from one entry: its id, its schema and the rule with its id derive from it', () => {
    const extra = { kinds: ['image'], types: ['png'], maxBytes: 1024, width: 64, height: 64 } as const;
    const { ids, rules } = defineMediaRules({ 'paywall.background': mediaRules['paywall.background'], 'test.badge': extra });
    expect(ids).toEqual(['paywall.background', 'test.badge']);
    expect(rules['test.badge']).toEqual({ id: 'test.badge', ...extra, kinds: ['image'], types: ['png'] });
    expect(rules['paywall.background'].id).toBe('paywall.background');
    expect(Object.isFrozen(rules['test.badge']) && Object.isFrozen(rules['test.badge'].types)).toBe(true);
    expect(mediaRuleSchema.safeParse({ ...rules['test.badge'], id: 'home.icon' }).success).toBe(true);
    // The real set is built the same way: every id the schema takes is a rule, and only those.
    expect(mediaRuleIdSchema.options).toEqual([...mediaRuleIds]);
    expect(mediaRuleIdSchema.safeParse('test.badge').success).toBe(false);
  });

  it('writes each rule id once in contract/media.ts (no id list, key and id field to keep in step)', () => {
    const source = readFileSync(fileURLToPath(new URL('../../contract/media.ts', import.meta.url)), 'utf8');
    for (const id of mediaRuleIds) expect(source.split(`'${id}'`).length - 1, id).toBe(1);
  });

  it('refuses a rule property the schema does not state', () => {
    // GET /media/rules answers through mediaRuleSchema: a property added to MediaRule alone must fail here.
    expect(mediaRuleSchema.safeParse({ ...mediaRules['home.icon'], minWidth: 10 }).success).toBe(false);
  });

  it('covers the screens of the spec', () => {
    for (const id of ['paywall.background', 'paywall.image', 'popup.image', 'popup.pag', 'banner.media', 'home.cover', 'home.thumbnail', 'retention.background', 'startPage.image']) {
      expect(mediaRuleIds).toContain(id);
    }
    expect(start).toMatchObject({ kinds: ['image'], types: ['png', 'jpg'], maxBytes: 2 * 1024 * 1024, width: 1080, height: 1920, ratio: '9:16' });
  });
});

describe('checkMedia at the edges', () => {
  it('accepts the exact size and refuses one pixel off either way', () => {
    expect(checkMedia(start, png(1080, 1920))).toEqual([]);
    for (const [w, h] of [
      [1081, 1920],
      [1079, 1920],
      [1080, 1921],
      [1080, 1919],
    ] as const) {
      const refusals = checkMedia(start, png(w, h));
      expect(codes(refusals), `${w}×${h}`).toEqual([ErrorCode.DimensionExact]);
      expect(refusals[0]).toEqual({ code: 108012, key: 'validation.dimensionExact', params: { width: 1080, height: 1920 } });
    }
  });

  it('reports the ratio too when the shape is wrong, not only the size', () => {
    expect(codes(checkMedia(start, png(1920, 1080)))).toEqual([ErrorCode.DimensionExact, ErrorCode.RatioMismatch]);
  });

  it('accepts the maximum size and refuses one pixel more', () => {
    const thumb = mediaRules['home.thumbnail'];
    expect(checkMedia(thumb, png(512, 512))).toEqual([]);
    expect(checkMedia(thumb, png(256, 256))).toEqual([]);
    const over = checkMedia(thumb, png(513, 513));
    expect(codes(over)).toEqual([ErrorCode.DimensionMax]);
    expect(over[0]).toEqual({ code: 108013, key: 'validation.dimensionMax', params: { width: 512, height: 512 } });
    expect(codes(checkMedia(thumb, png(512, 513)))).toEqual([ErrorCode.DimensionMax]); // 513 is within the ratio tolerance
    expect(codes(checkMedia(thumb, png(512, 600)))).toEqual([ErrorCode.DimensionMax, ErrorCode.RatioMismatch]);
  });

  it('limits one side alone when the rule gives only one bound', () => {
    const rule: MediaRule = { id: 'paywall.image', kinds: ['image'], types: ['png'], maxBytes: 10, maxWidth: 100 };
    expect(checkDimensions(rule, 100, 5000)).toEqual([]);
    expect(checkDimensions(rule, 101, 1)).toEqual([{ code: 108013, key: 'validation.dimensionMax', params: { width: 100, height: 1 } }]);
  });

  it('accepts a ratio within the tolerance and refuses one outside it', () => {
    const cover = mediaRules['home.cover']; // 3:4, default tolerance 1%
    expect(checkMedia(cover, png(750, 1000))).toEqual([]);
    expect(checkMedia(cover, png(753, 1000))).toEqual([]); // +0.4%
    expect(checkMedia(cover, png(757, 1000))).toEqual([]); // +0.93%
    expect(codes(checkMedia(cover, png(758, 1000)))).toEqual([ErrorCode.RatioMismatch]); // +1.07%
    expect(codes(checkMedia(cover, png(742, 1000)))).toEqual([ErrorCode.RatioMismatch]); // −1.07%
    expect(checkMedia(cover, png(743, 1000))).toEqual([]); // −0.93%
    expect(checkMedia(cover, png(750, 1000))[0]).toBeUndefined();
    expect(codes(checkMedia(cover, png(1000, 750)))).toEqual([ErrorCode.RatioMismatch]);
  });

  it('takes exactly the tolerance as inside it, and honours a rule’s own tolerance', () => {
    expect(ratioMatches('1:1', 101, 100, 0.01)).toBe(true);
    expect(ratioMatches('1:1', 102, 100, 0.01)).toBe(false);
    expect(ratioMatches('1:1', 105, 100, 0.05)).toBe(true);
    expect(ratioMatches('1:1', 0, 100)).toBe(false);
    expect(ratioMatches('nonsense', 100, 100)).toBe(false);
    const strict: MediaRule = { ...mediaRules['home.cover'], ratioTolerance: 0 };
    expect(codes(checkMedia(strict, png(751, 1000)))).toEqual([ErrorCode.RatioMismatch]);
  });

  it('accepts the byte limit and refuses one byte more, naming the limit', () => {
    expect(checkMedia(start, png(1080, 1920, { bytes: 2 * 1024 * 1024 }))).toEqual([]);
    expect(checkMedia(start, png(1080, 1920, { bytes: 2 * 1024 * 1024 + 1 }))).toEqual([
      { code: ErrorCode.FileTooLarge, key: 'validation.fileSize', params: { max: '2 MB' } },
    ]);
  });

  it('refuses a type the rule does not take, listing the ones it does', () => {
    expect(checkMedia(start, png(1080, 1920, { type: 'webp', declaredType: 'webp' }))).toEqual([
      { code: ErrorCode.FileTypeNotAllowed, key: 'validation.fileType', params: { types: 'PNG, JPG' } },
    ]);
    expect(codes(checkMedia(start, { kind: 'video', type: 'mp4', bytes: 10, width: 1080, height: 1920, durationMs: 1000 }))).toEqual([
      ErrorCode.FileTypeNotAllowed,
    ]);
  });

  it('refuses a renamed file whose content is not what its name says (108018)', () => {
    // A GIF named .png: the name claims an accepted type, the content is another one.
    const refusals = checkMedia(mediaRules['home.icon'], png(128, 128, { type: 'gif', declaredType: 'png' }));
    expect(codes(refusals)).toEqual([ErrorCode.FileTypeNotAllowed, ErrorCode.ContentTypeMismatch]);
    expect(refusals[1]).toEqual({ code: 108018, key: 'errors.contentTypeMismatch', params: { declared: 'PNG', actual: 'GIF' } });
    // A PNG named .jpg for a rule that takes both: only the mismatch.
    expect(codes(checkMedia(start, png(1080, 1920, { declaredType: 'jpg' })))).toEqual([ErrorCode.ContentTypeMismatch]);
    // A .jpeg file with JPEG content is no mismatch.
    expect(checkMedia(start, png(1080, 1920, { type: 'jpg', declaredType: mediaTypeOfName('start.JPEG') }))).toEqual([]);
  });

  it('refuses a file whose name has no accepted extension', () => {
    expect(codes(checkMedia(start, png(1080, 1920, { declaredType: null })))).toEqual([ErrorCode.FileTypeNotAllowed]);
  });

  it('accepts the longest duration and refuses one millisecond more', () => {
    const popup = mediaRules['popup.pag'];
    const pag = (durationMs: number): MeasuredMedia => ({ kind: 'pag', type: 'pag', bytes: 100, width: 720, height: 1280, durationMs });
    expect(checkMedia(popup, pag(10_000))).toEqual([]);
    expect(checkMedia(popup, pag(10_001))).toEqual([{ code: ErrorCode.DurationTooLong, key: 'validation.mediaDuration', params: { max: 10 } }]);
  });

  it('reports everything wrong at once, in a fixed order', () => {
    const refusals = checkMedia(mediaRules['banner.media'], {
      kind: 'video',
      type: 'mp4',
      declaredType: 'mov',
      bytes: 6 * 1024 * 1024,
      width: 4000,
      height: 1000,
      durationMs: 20_000,
    });
    expect(codes(refusals)).toEqual([
      ErrorCode.ContentTypeMismatch,
      ErrorCode.FileTooLarge,
      ErrorCode.DimensionMax,
      ErrorCode.RatioMismatch,
      ErrorCode.DurationTooLong,
    ]);
  });

  it('checks that accompanying material has the size of the main one (108015)', () => {
    expect(checkSizeMatch({ width: 1080, height: 1440 }, { width: 1080, height: 1440 })).toEqual([]);
    expect(checkSizeMatch({ width: 1080, height: 1440 }, { width: 1080, height: 1441 })).toEqual([
      { code: ErrorCode.SizeMismatch, key: 'validation.sizeMatch', params: { width: 1080, height: 1440 } },
    ]);
  });

  it('requires at least one media value (108016)', () => {
    expect(checkMediaRequired(['', null, undefined, ' '])).toEqual([{ code: ErrorCode.MediaRequired, key: 'validation.mediaRequired' }]);
    expect(checkMediaRequired([null, '/api/v1/media/x.png'])).toEqual([]);
  });

  it('names only messages both languages have, with every value they interpolate', () => {
    const all: MediaRefusal[] = [
      ...checkMedia(mediaRules['banner.media'], { kind: 'video', type: 'mp4', declaredType: 'mov', bytes: 9e9, width: 9999, height: 1, durationMs: 99_999 }),
      ...checkMedia(start, png(1, 1, { declaredType: null })),
      ...checkSizeMatch({ width: 1, height: 1 }, { width: 2, height: 2 }),
      ...checkMediaRequired([]),
      { code: ErrorCode.FileReadFailed, key: 'errors.fileReadFailed' },
    ];
    for (const refusal of all) {
      const [ns, name] = refusal.key.split('.') as [string, string];
      for (const messages of [enUS, zhCN]) {
        const text = (messages as unknown as Record<string, Record<string, string>>)[ns]?.[name];
        expect(text, refusal.key).toBeTypeOf('string');
        for (const [, param] of (text as string).matchAll(/\{\{\s*(\w+)\s*\}\}/g)) expect(refusal.params, `${refusal.key} {{${param}}}`).toHaveProperty(param as string);
      }
    }
  });
});

describe('inspectMedia on files', () => {
  const read = (file: string) => new Uint8Array(readFileSync(join(fixturesDir, file)));
  const inspect = (ruleId: keyof typeof mediaRules, file: string, name = file) => {
    const bytes = read(file);
    return inspectMedia(mediaRules[ruleId], { name, size: bytes.length, bytes });
  };

  it('accepts the start page image and refuses it one pixel off', () => {
    expect(inspect('startPage.image', 'start-1080x1920.png')).toMatchObject({
      measured: { kind: 'image', type: 'png', declaredType: 'png', width: 1080, height: 1920 },
      refusals: [],
    });
    expect(inspect('startPage.image', 'start-1080x1920.jpg').refusals).toEqual([]);
    expect(codes(inspect('startPage.image', 'start-1081x1920.png').refusals)).toEqual([ErrorCode.DimensionExact]);
    expect(codes(inspect('startPage.image', 'landscape-1920x1080.png').refusals)).toEqual([ErrorCode.DimensionExact, ErrorCode.RatioMismatch]);
  });

  it('refuses a PNG renamed to .jpg, and text renamed to .png', () => {
    expect(codes(inspect('startPage.image', 'png-named.jpg').refusals)).toEqual([ErrorCode.ContentTypeMismatch]);
    const text = inspect('startPage.image', 'not-an-image.png');
    expect(text.measured).toBeNull();
    expect(codes(text.refusals)).toEqual([ErrorCode.FileTypeNotAllowed, ErrorCode.ContentTypeMismatch]);
  });

  it('refuses a damaged file as unreadable (108005)', () => {
    expect(inspect('startPage.image', 'truncated.png')).toEqual({ measured: null, refusals: [{ code: ErrorCode.FileReadFailed, key: 'errors.fileReadFailed' }] });
    expect(codes(inspect('popup.pag', 'encrypted.pag').refusals)).toEqual([ErrorCode.FileReadFailed]);
  });

  /** A rule that takes each type, so a whole fixture meets at most its size limits. */
  const ruleFor = { png: 'paywall.image', jpg: 'paywall.image', gif: 'paywall.image', webp: 'paywall.image', mp4: 'home.coverVideo', mov: 'home.coverVideo', pag: 'popup.pag' } as const;
  const measurable = mediaFixtures.filter((f) => f.type !== null && f.expected !== null);

  it.each(measurable.map((f) => [f.file, f.type] as const))('refuses %s cut short as damaged (108005), and nothing else', (file, type) => {
    const bytes = read(file);
    const rule = mediaRules[ruleFor[type as keyof typeof ruleFor]];
    expect(inspectMedia(rule, { name: file, size: bytes.length, bytes }).refusals.map((r) => r.code)).not.toContain(ErrorCode.FileReadFailed);
    for (const cut of [1, 10, Math.floor(bytes.length / 2)]) {
      const cutBytes = bytes.subarray(0, bytes.length - cut);
      expect(inspectMedia(rule, { name: file, size: cutBytes.length, bytes: cutBytes }), `${file} minus ${cut}`).toEqual({
        measured: null,
        refusals: [{ code: ErrorCode.FileReadFailed, key: 'errors.fileReadFailed' }],
      });
    }
  });

  it('calls a damaged file damaged and nothing else, whatever its name or the rule says', () => {
    const cut = read('landscape-1920x1080.png').subarray(0, 300);
    // Whole, this file breaks the start page's size and ratio; named .jpg its content would not match.
    expect(inspectMedia(start, { name: 'cut.jpg', size: cut.length, bytes: cut }).refusals).toEqual([{ code: ErrorCode.FileReadFailed, key: 'errors.fileReadFailed' }]);
    expect(codes(inspectMedia(mediaRules['home.coverVideo'], { name: 'cut.png', size: cut.length, bytes: cut }).refusals)).toEqual([ErrorCode.FileReadFailed]);
  });

  it('judges an oversized file on its first bytes: type and size, no unreadable refusal', () => {
    const bytes = read('cover-1080x1440-10s.mp4');
    const partial = inspectMedia(mediaRules['home.coverVideo'], { name: 'big.mp4', size: 50 * 1024 * 1024, bytes: bytes.subarray(0, 40), partial: true });
    expect(codes(partial.refusals)).toEqual([ErrorCode.FileTooLarge]);
    const picture = read('start-1080x1920.png');
    const big = inspectMedia(start, { name: 'big.png', size: 3 * 1024 * 1024, bytes: picture, partial: true });
    expect(codes(big.refusals)).toEqual([ErrorCode.FileTooLarge]);
    expect(big.measured).toMatchObject({ width: 1080, height: 1920, bytes: 3 * 1024 * 1024 });
  });

  it('checks videos and PAG files for their duration', () => {
    expect(inspect('home.coverVideo', 'cover-1080x1440-10s.mp4').refusals).toEqual([]);
    expect(codes(inspect('home.coverVideo', 'cover-1080x1440-45s.mp4').refusals)).toEqual([ErrorCode.DurationTooLong]);
    expect(inspect('home.coverVideo', 'cover-720x960-5s.mov').refusals).toEqual([]);
    expect(inspect('popup.pag', 'popup-720x1280-5s.pag').refusals).toEqual([]);
    expect(codes(inspect('popup.pag', 'popup-1080x1920-12s.pag').refusals)).toEqual([ErrorCode.DurationTooLong]);
  });

  it('checks a fragmented video (no mehd) for the duration its fragments add up to', () => {
    const banner = mediaRules['banner.media'];
    expect(banner.maxDurationMs).toBe(15_000);
    expect(inspect('banner.media', 'banner-1280x640-fragmented-trun-12s.mp4')).toEqual({
      measured: { kind: 'video', type: 'mp4', declaredType: 'mp4', bytes: read('banner-1280x640-fragmented-trun-12s.mp4').length, width: 1280, height: 640, durationMs: 12_000 },
      refusals: [],
    });
    const bytes = read('banner-1280x640-fragmented-trun-12s.mp4');
    expect(inspectMedia({ ...banner, maxDurationMs: 10_000 }, { name: 'screen.mp4', size: bytes.length, bytes }).refusals).toEqual([
      { code: ErrorCode.DurationTooLong, key: 'validation.mediaDuration', params: { max: 10 } },
    ]);
    expect(codes(inspect('banner.media', 'banner-1280x640-fragmented-defaults-20s.mp4').refusals)).toEqual([ErrorCode.DurationTooLong]);
    // mvhd says 2 s (what moov itself holds); the fragments run on to 18 s.
    expect(codes(inspect('banner.media', 'banner-1280x640-fragmented-moov-2s-of-18s.mp4').refusals)).toEqual([ErrorCode.DurationTooLong]);
  });

  it('refuses a fragmented video whose duration cannot be read as unreadable (108005), not as short', () => {
    // 300 samples whose duration is nowhere: not per sample, not in tfhd, 0 in trex.
    const bytes = new Uint8Array(video({ width: 1280, height: 640, durationMs: 0, trackTimescale: 15360, fragments: [{ count: 300, duration: 0, in: 'trex' }] }));
    const sample = { name: 'screen.mp4', size: bytes.length, bytes };
    expect(inspectMedia(mediaRules['banner.media'], sample)).toEqual({ measured: null, refusals: [{ code: ErrorCode.FileReadFailed, key: 'errors.fileReadFailed' }] });
    expect(codes(inspectMedia(mediaRules['paywall.background'], sample).refusals)).toEqual([ErrorCode.FileReadFailed]);
    // A rule that does not take videos refuses it for its type (and size), as any video.
    expect(codes(inspectMedia(mediaRules['popup.pag'], sample).refusals)).toEqual([ErrorCode.FileTypeNotAllowed, ErrorCode.DimensionMax]);
    // A rule without a duration limit has nothing to hold against it.
    const noLimit: MediaRule = { id: 'banner.media', kinds: ['video'], types: ['mp4'], maxBytes: 1024 * 1024 };
    const taken = inspectMedia(noLimit, sample);
    expect(taken.refusals).toEqual([]);
    expect(taken.measured).toMatchObject({ kind: 'video', width: 1280, height: 640 });
    expect(taken.measured).not.toHaveProperty('durationMs');
    // An oversized file read in part is refused for its size, its unread length not held against it.
    expect(codes(inspectMedia(mediaRules['banner.media'], { ...sample, size: 50 * 1024 * 1024, partial: true }).refusals)).toEqual([ErrorCode.FileTooLarge]);
  });

  it('checks a video whose headers leave its length at 0 for the length of its samples', () => {
    const cover = mediaRules['home.coverVideo'];
    expect(inspect('home.coverVideo', 'cover-1080x1440-unstated-7s.mp4')).toMatchObject({ measured: { kind: 'video', durationMs: 7_000 }, refusals: [] });
    // mvhd, tkhd and mdhd say 0, the sample table 45 s: too long, not short.
    const sampled = (moovSamples?: { count: number; duration: number }) =>
      new Uint8Array(video({ width: 1080, height: 1440, durationMs: 0, trackTimescale: 15360, unstatedDuration: 0, ...(moovSamples ? { moovSamples } : {}) }));
    const long = sampled({ count: 1350, duration: 512 });
    expect(codes(inspectMedia(cover, { name: 'long.mp4', size: long.length, bytes: long }).refusals)).toEqual([ErrorCode.DurationTooLong]);
    // Nothing tells the length: unreadable where a limit applies, as a fragmented movie of unknown length.
    const none = sampled();
    expect(inspectMedia(cover, { name: 'none.mp4', size: none.length, bytes: none })).toEqual({ measured: null, refusals: [{ code: ErrorCode.FileReadFailed, key: 'errors.fileReadFailed' }] });
  });

  it('refuses a fragmented video whose last fragment lost its data as damaged (108005)', () => {
    const file = 'banner-1280x640-fragmented-data-6s.mp4';
    expect(inspect('banner.media', file)).toMatchObject({ measured: { durationMs: 6_000 }, refusals: [] });
    const bytes = read(file);
    // Without its last mdat (an 8-byte header, 20 samples of 6 bytes): it ends where its last moof does.
    expect(Buffer.from(bytes).toString('latin1', bytes.length - 124, bytes.length - 120)).toBe('mdat');
    const cut = bytes.subarray(0, bytes.length - 128);
    expect(inspectMedia(mediaRules['banner.media'], { name: file, size: cut.length, bytes: cut }).refusals).toEqual([{ code: ErrorCode.FileReadFailed, key: 'errors.fileReadFailed' }]);
  });

  it('refuses a PAG whose frame rate is no real one as unreadable (108005), not as short', () => {
    const rule = mediaRules['popup.pag'];
    const normal = new Uint8Array(pag({ width: 720, height: 1280, frames: 150, frameRate: 30 }));
    expect(inspectMedia(rule, { name: 'popup.pag', size: normal.length, bytes: normal }).refusals).toEqual([]);
    for (const frameRate of [0, -30, Number.NaN, 5_000]) {
      const bytes = new Uint8Array(pag({ width: 720, height: 1280, frames: 150, frameRate }));
      expect(inspectMedia(rule, { name: 'popup.pag', size: bytes.length, bytes }), `${frameRate} fps`).toEqual({
        measured: null,
        refusals: [{ code: ErrorCode.FileReadFailed, key: 'errors.fileReadFailed' }],
      });
      // A rule without a duration limit has nothing to hold against it.
      const noLimit: MediaRule = { id: 'popup.pag', kinds: ['pag'], types: ['pag'], maxBytes: 1024 * 1024 };
      expect(inspectMedia(noLimit, { name: 'popup.pag', size: bytes.length, bytes }).refusals).toEqual([]);
    }
  });
});

describe('hints', () => {
  it('gives the start page hint its parts: types, exact size, ratio, limit', () => {
    expect(mediaHint(start)).toEqual({ types: ['PNG', 'JPG'], size: { kind: 'exact', width: 1080, height: 1920 }, ratio: '9:16', maxSize: '2 MB', maxSeconds: null });
  });

  it('gives maxima, durations and missing parts', () => {
    expect(mediaHint(mediaRules['banner.media'])).toEqual({
      types: ['PNG', 'JPG', 'WebP', 'GIF', 'MP4', 'MOV'],
      size: { kind: 'max', width: 2160, height: 1080 },
      ratio: '2:1',
      maxSize: '5 MB',
      maxSeconds: 15,
    });
    expect(mediaHint({ id: 'popup.pag', kinds: ['pag'], types: ['pag'], maxBytes: 1536 * 1024 })).toEqual({
      types: ['PAG'],
      size: null,
      ratio: null,
      maxSize: '1.5 MB',
      maxSeconds: null,
    });
  });

  it('formats byte counts as operators read them', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(100 * 1024)).toBe('100 KB');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});

describe('types, extensions and MIME types', () => {
  it('maps every type to its MIME type and back', () => {
    for (const type of mediaTypes) {
      expect(typeOfMime(mimeOfType(type))).toBe(type);
      for (const ext of mediaTypeInfo[type].extensions) expect(mediaTypeOfExtension(ext)).toBe(type);
    }
    expect(typeOfMime('image/jpeg; charset=binary')).toBe('jpg');
    expect(typeOfMime('IMAGE/PNG')).toBe('png');
    expect(typeOfMime('video/quicktime')).toBe('mov');
    expect(typeOfMime('text/plain')).toBeNull();
  });

  it('reads types from file names, whatever the case', () => {
    expect(mediaTypeOfName('IMG_0001.JPEG')).toBe('jpg');
    expect(mediaTypeOfName('clip.M4V')).toBe('mp4');
    expect(mediaTypeOfName('archive.tar.gz')).toBeNull();
    expect(mediaTypeOfName('no-extension')).toBeNull();
    expect(acceptedExtensions(start)).toEqual(['png', 'jpg', 'jpeg']);
  });

  it('reads stored names out of URLs and builds preview paths', () => {
    const sha = 'a'.repeat(64);
    expect(mediaNameOf(`/api/v1/media/${sha}.png`)).toBe(`${sha}.png`);
    expect(mediaNameOf(`https://cdn.example.com/media/${sha}.mp4?v=1`)).toBe(`${sha}.mp4`);
    expect(mediaNameOf('/api/v1/media/short.png')).toBeNull();
    expect(mediaPreviewPath(`/api/v1/media/${sha}.pag`)).toBe(`/__palette/media/${sha}.pag`);
    expect(mediaPreviewPath('elsewhere.png')).toBeNull();
  });
});

describe('media IPC schemas', () => {
  it('takes a rule id the contract knows and nothing else', () => {
    expect(ipcChannels['media.pick'].input.safeParse({ ruleId: 'startPage.image' }).success).toBe(true);
    expect(ipcChannels['media.pick'].input.safeParse({ ruleId: 'nope' }).success).toBe(false);
  });

  it('bounds a chunk of media.checkBytes to 512 KiB of base64', () => {
    const input = ipcChannels['media.checkBytes'].input;
    const chunk = Buffer.alloc(512 * 1024).toString('base64');
    expect(input.safeParse({ ruleId: 'startPage.image', name: 'a.png', size: 10, offset: 0, chunk }).success).toBe(true);
    const tooBig = Buffer.alloc(512 * 1024 + 3).toString('base64');
    expect(input.safeParse({ ruleId: 'startPage.image', name: 'a.png', size: 10, offset: 0, chunk: tooBig }).success).toBe(false);
    expect(input.safeParse({ ruleId: 'startPage.image', name: 'a.png', size: 10, offset: 0, chunk: 'not base64!' }).success).toBe(false);
  });

  it('uploads to a project id only', () => {
    const input = ipcChannels['media.upload'].input;
    expect(input.safeParse({ projectId: '0f8fad5b-d9cb-469f-a165-70867728950e', token: 'abcdefghijklmnop' }).success).toBe(true);
    expect(input.safeParse({ projectId: '../admin', token: 'abcdefghijklmnop' }).success).toBe(false);
  });
});

describe('project icon', () => {
  it('takes exactly 512 × 512 PNG, JPG or WebP up to 1 MB', () => {
    const icon = mediaRules['project.icon'];
    expect(checkMedia(icon, png(512, 512))).toEqual([]);
    expect(checkMedia(icon, png(511, 512))).toEqual([{ code: ErrorCode.DimensionExact, key: 'validation.dimensionExact', params: { width: 512, height: 512 } }]);
    expect(codes(checkMedia(icon, { ...png(512, 512), type: 'gif' }))).toContain(ErrorCode.FileTypeNotAllowed);
    expect(codes(checkMedia(icon, { ...png(512, 512), bytes: 1024 * 1024 + 1 }))).toEqual([ErrorCode.FileTooLarge]);
  });

  it('stores an uploaded file\'s path or an http(s) address, nothing else', () => {
    const iconUrl = projectResource.editableShape.iconUrl;
    const sha = 'a'.repeat(64);
    for (const ok of [`/api/v1/media/${sha}.png`, `/api/v1/media/${sha}.webp`, 'https://cdn.example.com/icon.png', null, undefined]) {
      expect(iconUrl.safeParse(ok).success, String(ok)).toBe(true);
    }
    for (const bad of [`/api/v1/media/${sha}.mp4`, `/api/v1/media/${sha.slice(1)}.png`, `/api/v1/media/../${sha}.png`, `//evil.example/api/v1/media/${sha}.png`, 'javascript:alert(1)', '/etc/passwd']) {
      expect(iconUrl.safeParse(bad).success, bad).toBe(false);
    }
  });
});
