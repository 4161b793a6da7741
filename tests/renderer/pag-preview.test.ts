import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { frameSize, initialPagPreviewState, pagPreviewReducer, pagReportOf, type PagPreviewState } from '../../renderer/src/media/pag/pag-state';

describe('reports from the PAG player frame', () => {
  it('accepts the four reports in their exact shape', () => {
    expect(pagReportOf({ type: 'ready' })).toEqual({ type: 'ready' });
    expect(pagReportOf({ type: 'loaded', id: 3, width: 360, height: 640, durationMs: 2000 })).toEqual({ type: 'loaded', id: 3, width: 360, height: 640, durationMs: 2000 });
    expect(pagReportOf({ type: 'progress', id: 3, playing: true, progress: 0.25 })).toEqual({ type: 'progress', id: 3, playing: true, progress: 0.25 });
    expect(pagReportOf({ type: 'failed', id: 3, reason: 'decode' })).toEqual({ type: 'failed', id: 3, reason: 'decode' });
  });

  it('drops extra properties, so nothing else the frame sends reaches the console', () => {
    expect(pagReportOf({ type: 'failed', id: 1, reason: 'init', html: '<img onerror=alert(1)>' })).toEqual({ type: 'failed', id: 1, reason: 'init' });
  });

  it('refuses anything malformed', () => {
    const bad: unknown[] = [
      null,
      'ready',
      42,
      { type: 'loaded', id: '1', width: 1, height: 1, durationMs: 1 },
      { type: 'loaded', id: 1, width: 0, height: 1, durationMs: 1 },
      { type: 'loaded', id: 1, width: Number.NaN, height: 1, durationMs: 1 },
      { type: 'loaded', id: 1, width: 1e9, height: 1, durationMs: 1 },
      { type: 'progress', id: 1, playing: 'yes', progress: 0.5 },
      { type: 'progress', id: 1, playing: true, progress: 1.5 },
      { type: 'failed', id: 1, reason: 'fetch' },
      { type: 'failed', id: 1.5, reason: 'decode' },
      { type: 'load', id: 1 },
    ];
    for (const data of bad) expect(pagReportOf(data), JSON.stringify(data)).toBeNull();
  });

  it('never throws on arbitrary data', () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        pagReportOf(data);
      }),
    );
  });
});

describe('the PAG preview state', () => {
  const loading: PagPreviewState = pagPreviewReducer(initialPagPreviewState, { type: 'load', id: 2 });

  it('shows loaded, then playing progress, for the file it asked for', () => {
    const loaded = pagPreviewReducer(loading, { type: 'report', report: { type: 'loaded', id: 2, width: 360, height: 640, durationMs: 2000 } });
    expect(loaded).toEqual({ phase: 'loaded', id: 2, width: 360, height: 640, durationMs: 2000, playing: false, progress: 0 });
    const playing = pagPreviewReducer(loaded, { type: 'report', report: { type: 'progress', id: 2, playing: true, progress: 0.4 } });
    expect(playing).toMatchObject({ playing: true, progress: 0.4 });
    const paused = pagPreviewReducer(playing, { type: 'report', report: { type: 'progress', id: 2, playing: false, progress: 0.45 } });
    expect(paused).toMatchObject({ phase: 'loaded', playing: false, progress: 0.45 });
  });

  it('ignores late reports about an earlier file', () => {
    expect(pagPreviewReducer(loading, { type: 'report', report: { type: 'loaded', id: 1, width: 1, height: 1, durationMs: 1 } })).toBe(loading);
    expect(pagPreviewReducer(loading, { type: 'report', report: { type: 'failed', id: 1, reason: 'decode' } })).toBe(loading);
    expect(pagPreviewReducer(loading, { type: 'fetchFailed', id: 1 })).toBe(loading);
  });

  it('ignores progress before the file is loaded', () => {
    expect(pagPreviewReducer(loading, { type: 'report', report: { type: 'progress', id: 2, playing: true, progress: 0.1 } })).toBe(loading);
  });

  it('keeps why the animation is not shown', () => {
    expect(pagPreviewReducer(loading, { type: 'report', report: { type: 'failed', id: 2, reason: 'graphics' } })).toEqual({ phase: 'failed', id: 2, reason: 'graphics' });
    expect(pagPreviewReducer(loading, { type: 'fetchFailed', id: 2 })).toEqual({ phase: 'failed', id: 2, reason: 'fetch' });
  });

  it('starts over for a new file', () => {
    const failed = pagPreviewReducer(loading, { type: 'fetchFailed', id: 2 });
    expect(pagPreviewReducer(failed, { type: 'load', id: 3 })).toEqual({ phase: 'loading', id: 3 });
  });
});

describe('the preview frame size', () => {
  it('fits the composition into the box, keeping its shape', () => {
    expect(frameSize(1080, 1920, 240)).toEqual({ width: 135, height: 240 });
    expect(frameSize(1920, 1080, 240)).toEqual({ width: 240, height: 135 });
    expect(frameSize(500, 500, 240)).toEqual({ width: 240, height: 240 });
  });

  it('is portrait 9:16 while the size is unknown', () => {
    expect(frameSize(null, null, 240)).toEqual({ width: 135, height: 240 });
    expect(frameSize(0, 100, 240)).toEqual({ width: 135, height: 240 });
  });
});
