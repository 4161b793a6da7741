import type { PagPlayerFailure, PagPlayerReport } from '../../pag-player/protocol';

/**
 * What the console knows of its PAG player frame, as a pure reducer: the component posts the file
 * and feeds every report from the frame through here.
 */

/** Why the preview shows no animation: the player's own reasons, or the file could not be fetched. */
export type PagPreviewFailure = PagPlayerFailure | 'fetch';

export type PagPreviewState =
  | { readonly phase: 'loading'; readonly id: number }
  | {
      readonly phase: 'loaded';
      readonly id: number;
      readonly width: number;
      readonly height: number;
      readonly durationMs: number;
      readonly playing: boolean;
      readonly progress: number;
    }
  | { readonly phase: 'failed'; readonly id: number; readonly reason: PagPreviewFailure };

export type PagPreviewAction =
  | { readonly type: 'load'; readonly id: number }
  | { readonly type: 'fetchFailed'; readonly id: number }
  | { readonly type: 'report'; readonly report: PagPlayerReport };

export const initialPagPreviewState: PagPreviewState = { phase: 'loading', id: 0 };

const failures: ReadonlySet<string> = new Set<PagPlayerFailure>(['graphics', 'init', 'decode']);

function finite(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}

const MAX_SIDE = 16_384;
const MAX_DURATION_MS = 24 * 60 * 60 * 1000;

/**
 * The report in a message from the player frame, or null for anything else. The frame runs
 * third-party code on operator files, so nothing it says is trusted beyond this shape.
 */
export function pagReportOf(data: unknown): PagPlayerReport | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type === 'ready') return { type: 'ready' };
  if (!Number.isSafeInteger(message.id)) return null;
  const id = message.id as number;
  switch (message.type) {
    case 'loaded':
      if (!finite(message.width, 1, MAX_SIDE) || !finite(message.height, 1, MAX_SIDE) || !finite(message.durationMs, 0, MAX_DURATION_MS)) return null;
      return { type: 'loaded', id, width: message.width, height: message.height, durationMs: message.durationMs };
    case 'progress':
      if (typeof message.playing !== 'boolean' || !finite(message.progress, 0, 1)) return null;
      return { type: 'progress', id, playing: message.playing, progress: message.progress };
    case 'failed':
      if (typeof message.reason !== 'string' || !failures.has(message.reason)) return null;
      return { type: 'failed', id, reason: message.reason as PagPlayerFailure };
    default:
      return null;
  }
}

export function pagPreviewReducer(state: PagPreviewState, action: PagPreviewAction): PagPreviewState {
  switch (action.type) {
    case 'load':
      return { phase: 'loading', id: action.id };
    case 'fetchFailed':
      return action.id === state.id ? { phase: 'failed', id: state.id, reason: 'fetch' } : state;
    case 'report': {
      const report = action.report;
      // 'ready' is handled by the component (it posts the file); reports about an earlier file are late.
      if (report.type === 'ready' || report.id !== state.id) return state;
      switch (report.type) {
        case 'loaded':
          return { phase: 'loaded', id: state.id, width: report.width, height: report.height, durationMs: report.durationMs, playing: false, progress: 0 };
        case 'progress':
          return state.phase === 'loaded' ? { ...state, playing: report.playing, progress: report.progress } : state;
        case 'failed':
          return { phase: 'failed', id: state.id, reason: report.reason };
      }
    }
  }
}

/** The preview's outer size: the composition's shape inside a square of `box` pixels. */
export function frameSize(width: number | null, height: number | null, box: number): { readonly width: number; readonly height: number } {
  if (!width || !height || width <= 0 || height <= 0) return { width: Math.round((box * 9) / 16), height: box };
  const scale = box / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
