import { type CheckedFile, type MediaChecked, type MediaRefusal, type MediaUpload } from '@contract/media';

/**
 * The state machine of a media field, as a pure reducer (the hook runs the effects, tests drive it
 * directly).
 *
 *   idle ──pick/drop──▶ checking ──refusals──▶ refused ──dismiss──▶ idle
 *                          │ ok
 *                          ▼
 *                        ready ──upload──▶ uploading ──done──▶ uploaded
 *                          ▲                  │ cancel / error
 *                          └──── cancelled / failed ◀┘ (the checked file is kept: upload again or remove)
 *
 * The form's value (the stored file's URL) lives in the form; this state is what the field shows
 * about the file being handled. A check always ends before any upload starts, so a refusal is
 * shown, localized, without a single byte having gone to the server.
 */

/** A checked file as the field shows it: main's answer plus the page's own preview, if it has one. */
export interface FieldFile extends CheckedFile {
  /** An object URL of the page's own copy (a dropped or page-picked file); revoked by the hook. */
  readonly localPreviewUrl: string | null;
}

export type MediaFieldState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'checking'; readonly name: string }
  | { readonly phase: 'refused'; readonly file: FieldFile; readonly refusals: ReadonlyArray<MediaRefusal> }
  | { readonly phase: 'error'; readonly code: number }
  | { readonly phase: 'ready'; readonly file: FieldFile; readonly cancelled: boolean }
  | { readonly phase: 'uploading'; readonly file: FieldFile; readonly sent: number; readonly total: number }
  | { readonly phase: 'failed'; readonly file: FieldFile; readonly code: number }
  | { readonly phase: 'uploaded'; readonly file: FieldFile; readonly upload: MediaUpload };

export type MediaFieldAction =
  | { readonly type: 'checkStarted'; readonly name: string }
  | { readonly type: 'checkCancelled' }
  | { readonly type: 'checked'; readonly result: MediaChecked; readonly localPreviewUrl: string | null }
  | { readonly type: 'checkFailed'; readonly code: number }
  | { readonly type: 'uploadStarted' }
  | { readonly type: 'progress'; readonly token: string; readonly sent: number; readonly total: number }
  | { readonly type: 'uploaded'; readonly token: string; readonly upload: MediaUpload }
  | { readonly type: 'uploadCancelled'; readonly token: string }
  | { readonly type: 'uploadFailed'; readonly token: string; readonly code: number }
  | { readonly type: 'dismissed' }
  | { readonly type: 'removed' };

export const initialMediaFieldState: MediaFieldState = { phase: 'idle' };

function assertNever(value: never): never {
  throw new Error(`Unexpected action ${JSON.stringify(value)}`);
}

/** The token of the file an upload action is about must be the one the field holds. */
function holds(state: MediaFieldState, token: string): boolean {
  return 'file' in state && state.file.token === token;
}

export function mediaFieldReducer(state: MediaFieldState, action: MediaFieldAction): MediaFieldState {
  switch (action.type) {
    case 'checkStarted':
      return { phase: 'checking', name: action.name };
    case 'checkCancelled':
      return state.phase === 'checking' ? { phase: 'idle' } : state;
    case 'checked': {
      if (state.phase !== 'checking') return state; // a late answer for a file the person moved on from
      const file: FieldFile = { ...action.result.file, localPreviewUrl: action.localPreviewUrl };
      if (!action.result.ok || file.token === null) return { phase: 'refused', file, refusals: action.result.refusals };
      return { phase: 'ready', file, cancelled: false };
    }
    case 'checkFailed':
      return state.phase === 'checking' ? { phase: 'error', code: action.code } : state;
    case 'uploadStarted':
      if (state.phase !== 'ready' && state.phase !== 'failed') return state;
      return { phase: 'uploading', file: state.file, sent: 0, total: state.file.bytes };
    case 'progress':
      if (state.phase !== 'uploading' || !holds(state, action.token)) return state;
      // Events can overtake each other across the bridge; progress never goes back.
      return { ...state, sent: Math.max(state.sent, Math.min(action.sent, action.total)), total: action.total };
    case 'uploaded':
      if (state.phase !== 'uploading' || !holds(state, action.token)) return state;
      return { phase: 'uploaded', file: state.file, upload: action.upload };
    case 'uploadCancelled':
      if (state.phase !== 'uploading' || !holds(state, action.token)) return state;
      return { phase: 'ready', file: state.file, cancelled: true };
    case 'uploadFailed':
      if (state.phase !== 'uploading' || !holds(state, action.token)) return state;
      return { phase: 'failed', file: state.file, code: action.code };
    case 'dismissed':
      return state.phase === 'refused' || state.phase === 'error' ? { phase: 'idle' } : state;
    case 'removed':
      return { phase: 'idle' };
    default:
      return assertNever(action);
  }
}

/** The token main holds for the field's file, if any (to cancel or release it). */
export function heldToken(state: MediaFieldState): string | null {
  return 'file' in state ? state.file.token : null;
}

/** Whether the field is busy (a check or an upload runs): the form should not be submitted meanwhile. */
export function isBusy(state: MediaFieldState): boolean {
  return state.phase === 'checking' || state.phase === 'uploading';
}
