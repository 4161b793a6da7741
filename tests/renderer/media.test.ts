import i18next, { type i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { contractMessages } from '@contract/i18n';
import type { IpcResult, PaletteBridge } from '@contract/ipc';
import {
  checkMedia,
  mediaHint,
  mediaRules,
  type MediaCheckBytesInput,
  type MediaCheckBytesOutput,
  type MediaChecked,
  type MediaProgress,
  type MediaUpload,
} from '@contract/media';
import enMedia from '../../renderer/src/i18n/en-US/media';
import zhMedia from '../../renderer/src/i18n/zh-CN/media';
import { heldToken, initialMediaFieldState, isBusy, mediaFieldReducer, type MediaFieldAction, type MediaFieldState } from '../../renderer/src/media/field-state';
import { formatMediaHint, formatTypeList, percentOf, refusalText } from '../../renderer/src/media/hint';
import { checkPageFile, toBase64, uploadMedia } from '../../renderer/src/media/media-client';

let i18n: I18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en-US',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    resources: {
      'en-US': { ...contractMessages['en-US'], media: enMedia },
      'zh-CN': { ...contractMessages['zh-CN'], media: zhMedia },
    },
  });
});
const tIn = (lng: string) => i18n.getFixedT(lng) as unknown as (key: string, options?: Record<string, unknown>) => string;

describe('the hint under a media field', () => {
  it('reads like the brief in English and in Chinese', () => {
    const hint = mediaHint(mediaRules['startPage.image']);
    expect(formatMediaHint(hint, tIn('en-US'), 'en-US')).toBe('PNG or JPG, 1080 × 1920, 9:16, at most 2 MB');
    expect(formatMediaHint(hint, tIn('zh-CN'), 'zh-CN')).toBe('PNG或JPG，1080 × 1920，9:16，不超过 2 MB');
  });

  it('states maxima, one-sided bounds and durations', () => {
    expect(formatMediaHint(mediaHint(mediaRules['banner.media']), tIn('en-US'), 'en-US')).toBe(
      'PNG, JPG, WebP, GIF, MP4, or MOV, up to 2160 × 1080, 2:1, up to 15 s, at most 5 MB',
    );
    expect(formatMediaHint(mediaHint(mediaRules['popup.pag']), tIn('zh-CN'), 'zh-CN')).toBe('PAG，不超过 1080 × 1920，时长不超过 10 秒，不超过 2 MB');
    const wide = { types: ['PNG'], size: { kind: 'max' as const, width: 600 }, ratio: null, maxSize: '1 MB', maxSeconds: null };
    expect(formatMediaHint(wide, tIn('en-US'), 'en-US')).toBe('PNG, up to 600 px wide, at most 1 MB');
    expect(formatMediaHint({ ...wide, size: { kind: 'max', height: 400 } }, tIn('zh-CN'), 'zh-CN')).toBe('PNG，高度不超过 400 像素，不超过 1 MB');
  });

  it('falls back to commas for a locale Intl cannot list in', () => {
    expect(formatTypeList(['PNG', 'JPG'], 'not a locale!')).toBe('PNG, JPG');
  });
});

describe('refusals in the operator’s language', () => {
  it('words every check of the start page rule', () => {
    const rule = mediaRules['startPage.image'];
    const refusals = checkMedia(rule, { kind: 'image', type: 'gif', declaredType: 'png', bytes: 3 * 1024 * 1024, width: 1920, height: 1080 });
    expect(refusals.map((r) => refusalText(r, tIn('en-US')))).toEqual([
      'Choose a file of one of these types: PNG, JPG.',
      'The file’s content is GIF, but its name says PNG. Export it again as PNG or rename it.',
      'The file can be at most 2 MB.',
      'The image or video must be exactly 1080 × 1920 pixels.',
      'The aspect ratio must be 9:16.',
    ]);
    expect(refusals.map((r) => refusalText(r, tIn('zh-CN')))).toEqual([
      '请选择以下类型的文件：PNG, JPG。',
      '文件内容是 GIF，但文件名表明是 PNG。请重新导出为 PNG 或修改文件名。',
      '文件大小不能超过 2 MB。',
      '图片或视频的尺寸必须为 1080 × 1920 像素。',
      '宽高比必须为 9:16。',
    ]);
  });

  it('words durations, maxima and unreadable files', () => {
    const t = tIn('en-US');
    expect(refusalText({ code: ErrorCode.DurationTooLong, key: 'validation.mediaDuration', params: { max: 10 } }, t)).toBe('The video can be at most 10 seconds long.');
    expect(refusalText({ code: ErrorCode.DimensionMax, key: 'validation.dimensionMax', params: { width: 512, height: 512 } }, t)).toBe(
      'The image or video can be at most 512 × 512 pixels.',
    );
    expect(refusalText({ code: ErrorCode.FileReadFailed, key: 'errors.fileReadFailed' }, t)).toBe('The file could not be read.');
    // Content that is none of our types: the catalogue's own sentence.
    expect(refusalText({ code: ErrorCode.ContentTypeMismatch, key: 'errors.contentTypeMismatch', params: { declared: 'PNG', actual: '?' } }, t)).toBe(
      'The content type does not match.',
    );
  });

  it('rounds upload progress down to whole percents', () => {
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(5, 0)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});

const checkedFile = (token: string | null, overrides: Partial<MediaChecked['file']> = {}): MediaChecked['file'] => ({
  token,
  name: 'start.png',
  ruleId: 'startPage.image',
  type: 'png',
  kind: 'image',
  bytes: 1000,
  width: 1080,
  height: 1920,
  durationMs: null,
  sha256: token ? 'a'.repeat(64) : null,
  previewDataUrl: null,
  previewUrl: token ? `/__palette/media/staged/${token}` : null,
  ...overrides,
});
const upload: MediaUpload = {
  id: '7d444840-9dc0-11d1-b245-5ffdce74fad2',
  url: `/api/v1/media/${'a'.repeat(64)}.png`,
  name: `${'a'.repeat(64)}.png`,
  rule: 'startPage.image',
  type: 'png',
  kind: 'image',
  size: 1000,
  width: 1080,
  height: 1920,
  sha256: 'a'.repeat(64),
};
const run = (actions: MediaFieldAction[], from: MediaFieldState = initialMediaFieldState) => actions.reduce(mediaFieldReducer, from);
const TOKEN = 'token-0123456789abcdef';

describe('the media field’s state machine', () => {
  it('checks, then uploads with progress, then holds the stored file', () => {
    const checking = run([{ type: 'checkStarted', name: 'start.png' }]);
    expect(checking).toEqual({ phase: 'checking', name: 'start.png' });
    expect(isBusy(checking)).toBe(true);
    const ready = run([{ type: 'checked', result: { status: 'checked', ok: true, file: checkedFile(TOKEN), refusals: [] }, localPreviewUrl: 'blob:x' }], checking);
    expect(ready).toMatchObject({ phase: 'ready', cancelled: false, file: { token: TOKEN, localPreviewUrl: 'blob:x' } });
    expect(isBusy(ready)).toBe(false);
    const uploading = run([{ type: 'uploadStarted' }, { type: 'progress', token: TOKEN, sent: 400, total: 1000 }], ready);
    expect(uploading).toMatchObject({ phase: 'uploading', sent: 400, total: 1000 });
    expect(isBusy(uploading)).toBe(true);
    // Progress of another file, and progress going back, change nothing.
    expect(run([{ type: 'progress', token: 'other-token-000000', sent: 900, total: 1000 }], uploading)).toBe(uploading);
    expect(run([{ type: 'progress', token: TOKEN, sent: 100, total: 1000 }], uploading)).toMatchObject({ sent: 400 });
    const done = run([{ type: 'uploaded', token: TOKEN, upload }], uploading);
    expect(done).toMatchObject({ phase: 'uploaded', upload });
    expect(heldToken(done)).toBe(TOKEN);
  });

  it('shows refusals before anything is uploaded, and can be dismissed', () => {
    const refusals = [{ code: ErrorCode.DimensionExact, key: 'validation.dimensionExact', params: { width: 1080, height: 1920 } }];
    const refused = run([
      { type: 'checkStarted', name: 'wide.png' },
      { type: 'checked', result: { status: 'checked', ok: false, file: checkedFile(null), refusals }, localPreviewUrl: null },
    ]);
    expect(refused).toMatchObject({ phase: 'refused', refusals });
    // No upload can start from a refusal.
    expect(run([{ type: 'uploadStarted' }], refused)).toBe(refused);
    expect(run([{ type: 'dismissed' }], refused)).toEqual({ phase: 'idle' });
  });

  it('keeps the checked file after a cancel or a failure, to upload again', () => {
    const uploading = run([
      { type: 'checkStarted', name: 'start.png' },
      { type: 'checked', result: { status: 'checked', ok: true, file: checkedFile(TOKEN), refusals: [] }, localPreviewUrl: null },
      { type: 'uploadStarted' },
    ]);
    const cancelled = run([{ type: 'uploadCancelled', token: TOKEN }], uploading);
    expect(cancelled).toMatchObject({ phase: 'ready', cancelled: true });
    expect(run([{ type: 'uploadStarted' }], cancelled)).toMatchObject({ phase: 'uploading', sent: 0 });
    const failed = run([{ type: 'uploadFailed', token: TOKEN, code: ErrorCode.NetworkFailed }], uploading);
    expect(failed).toMatchObject({ phase: 'failed', code: ErrorCode.NetworkFailed });
    expect(run([{ type: 'uploadStarted' }], failed)).toMatchObject({ phase: 'uploading' });
    expect(run([{ type: 'removed' }], failed)).toEqual({ phase: 'idle' });
  });

  it('ignores a late check answer once the person moved on, and ends a check on cancel or error', () => {
    expect(run([{ type: 'checked', result: { status: 'checked', ok: true, file: checkedFile(TOKEN), refusals: [] }, localPreviewUrl: null }])).toEqual({
      phase: 'idle',
    });
    expect(run([{ type: 'checkStarted', name: '' }, { type: 'checkCancelled' }])).toEqual({ phase: 'idle' });
    expect(run([{ type: 'checkStarted', name: 'x.png' }, { type: 'checkFailed', code: ErrorCode.FileReadFailed }])).toEqual({
      phase: 'error',
      code: ErrorCode.FileReadFailed,
    });
    expect(heldToken(initialMediaFieldState)).toBeNull();
  });
});

/** A bridge whose media channels a test scripts; everything else is absent. */
function fakeBridge(media: Partial<PaletteBridge['media']>, on: PaletteBridge['on'] = () => () => undefined): PaletteBridge {
  return { media, on } as unknown as PaletteBridge;
}

/** Base64 decoding with the browser's own atob, to read back what the page sent. */
function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

describe('sending a page’s file to main', () => {
  it('encodes base64 that decodes to the same bytes, at any length', () => {
    for (const length of [0, 1, 2, 3, 100, 0x8000 + 7]) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 31) % 256);
      const encoded = toBase64(bytes);
      expect(encoded).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
      expect(encoded.length).toBe(Math.ceil(length / 3) * 4);
      expect(fromBase64(encoded)).toEqual(bytes);
    }
  });

  it('sends the file in order, chunk by chunk, with the receipt main gave', async () => {
    const bytes = new Uint8Array(25).map((_, i) => i);
    const seen: MediaCheckBytesInput[] = [];
    const answer: MediaChecked = { status: 'checked', ok: true, file: checkedFile(TOKEN), refusals: [] };
    const checkBytes = vi.fn(async (input: MediaCheckBytesInput): Promise<IpcResult<MediaCheckBytesOutput>> => {
      seen.push(input);
      const received = input.offset + fromBase64(input.chunk).length;
      return { ok: true, value: received === input.size ? answer : { status: 'receiving', receipt: 'receipt-0123456789ab', received } };
    });
    const result = await checkPageFile(fakeBridge({ checkBytes }), 'startPage.image', new File([bytes], 'start.png'), 10);
    expect(result).toEqual(answer);
    expect(seen.map((s) => [s.offset, fromBase64(s.chunk).length, s.receipt])).toEqual([
      [0, 10, undefined],
      [10, 10, 'receipt-0123456789ab'],
      [20, 5, 'receipt-0123456789ab'],
    ]);
    expect(seen.flatMap((s) => [...fromBase64(s.chunk)])).toEqual([...bytes]);
  });

  it('sends only the first chunk of a file above the rule’s limit', async () => {
    const size = mediaRules['startPage.image'].maxBytes + 1;
    const checkBytes = vi.fn(async (): Promise<IpcResult<MediaCheckBytesOutput>> => ({
      ok: true,
      value: { status: 'checked', ok: false, file: checkedFile(null, { bytes: size }), refusals: [{ code: ErrorCode.FileTooLarge, key: 'validation.fileSize' }] },
    }));
    const big = { name: 'big.png', size, slice: (start = 0, end = size) => new Blob([new Uint8Array(Math.min(end, 64) - start)]) };
    const result = await checkPageFile(fakeBridge({ checkBytes }), 'startPage.image', big);
    expect(result.ok).toBe(false);
    expect(checkBytes).toHaveBeenCalledOnce();
  });

  it('throws main’s failure as an AppError with its code', async () => {
    const checkBytes = vi.fn(async (): Promise<IpcResult<MediaCheckBytesOutput>> => ({ ok: false, code: ErrorCode.DataMissing, message: 'gone' }));
    await expect(checkPageFile(fakeBridge({ checkBytes }), 'startPage.image', new File([new Uint8Array(3)], 'a.png'))).rejects.toMatchObject({
      name: 'AppError',
      code: ErrorCode.DataMissing,
    });
  });
});

describe('uploading from the renderer', () => {
  it('passes on the progress of its own token only, and stops listening when done', async () => {
    let listener: ((payload: MediaProgress) => void) | null = null;
    const off = vi.fn();
    const on = vi.fn((event: string, callback: (payload: MediaProgress) => void) => {
      expect(event).toBe('media.progress');
      listener = callback;
      return off;
    }) as unknown as PaletteBridge['on'];
    const uploadChannel = vi.fn(async (): Promise<IpcResult<{ status: 'uploaded'; upload: MediaUpload }>> => {
      listener?.({ token: TOKEN, sent: 10, total: 20 });
      listener?.({ token: 'someone-else-000000', sent: 1, total: 2 });
      listener?.({ token: TOKEN, sent: 20, total: 20 });
      return { ok: true, value: { status: 'uploaded', upload } };
    });
    const progress = vi.fn();
    const result = await uploadMedia(fakeBridge({ upload: uploadChannel }, on), '0f8fad5b-d9cb-469f-a165-70867728950e', TOKEN, progress);
    expect(result).toEqual({ status: 'uploaded', upload });
    expect(progress.mock.calls).toEqual([
      [10, 20],
      [20, 20],
    ]);
    expect(off).toHaveBeenCalledOnce();
  });
});
