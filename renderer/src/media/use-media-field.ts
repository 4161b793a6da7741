import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import type { PaletteBridge } from '@contract/ipc';
import { acceptedExtensions, mediaRules, type MediaRuleId, type MediaUpload } from '@contract/media';
import { toAppError } from '../bridge/app-error';
import { getBridge } from '../bridge/get-bridge';
import { heldToken, initialMediaFieldState, mediaFieldReducer, type MediaFieldState } from './field-state';
import { cancelUpload, checkPageFile, pickMedia, releaseMedia, uploadMedia, type PageFile } from './media-client';

export interface UseMediaFieldOptions {
  readonly ruleId: MediaRuleId;
  /** The project uploads go to; without one a checked file waits (`ready`) until it is given. */
  readonly projectId: string | null;
  /** Called with the stored file once uploaded, or null when the operator removes the value. */
  readonly onChange: (url: string | null, upload: MediaUpload | null) => void;
  /** Whether main has a native dialog (desktop edition); otherwise the page's file input is used. */
  readonly nativePicker: boolean;
  readonly bridge?: PaletteBridge;
}

export interface MediaField {
  readonly state: MediaFieldState;
  /** `accept` for the page's file input: the rule's extensions. */
  readonly accept: string;
  /** Opens main's dialog; answers false when there is none (the caller opens its file input). */
  readonly pickNative: () => Promise<boolean>;
  /** Checks (and then uploads) a file the page has: an input's or a drop's. */
  readonly takeFile: (file: PageFile) => Promise<void>;
  readonly upload: () => void;
  readonly cancel: () => void;
  readonly remove: () => void;
  readonly dismiss: () => void;
}

/**
 * Runs a media field: the reducer of field-state.ts plus its effects (main's channels, progress
 * events, object URLs, releasing what main holds). A checked file is uploaded at once when the
 * project is known; picking a new file first cancels and releases the previous one.
 */
export function useMediaField(options: UseMediaFieldOptions): MediaField {
  const [state, dispatch] = useReducer(mediaFieldReducer, initialMediaFieldState);
  // The callbacks below are stable and read the latest state and options through these refs.
  const stateRef = useRef(state);
  const optionsRef = useRef(options);
  useLayoutEffect(() => {
    stateRef.current = state;
    optionsRef.current = options;
  });
  const bridge = useCallback(() => optionsRef.current.bridge ?? getBridge(), []);
  const objectUrl = useRef<string | null>(null);

  const revokePreview = useCallback(() => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  }, []);

  /** Lets go of the current file: cancels its upload, releases it in main, drops its preview. */
  const letGo = useCallback(() => {
    const token = heldToken(stateRef.current);
    if (token) {
      if (stateRef.current.phase === 'uploading') void cancelUpload(bridge(), token).catch(() => undefined);
      void releaseMedia(bridge(), token);
    }
    revokePreview();
  }, [bridge, revokePreview]);

  const startUpload = useCallback(
    async (token: string, projectId: string) => {
      dispatch({ type: 'uploadStarted' });
      try {
        const result = await uploadMedia(bridge(), projectId, token, (sent, total) => dispatch({ type: 'progress', token, sent, total }));
        if (result.status === 'cancelled') {
          dispatch({ type: 'uploadCancelled', token });
          return;
        }
        dispatch({ type: 'uploaded', token, upload: result.upload });
        optionsRef.current.onChange(result.upload.url, result.upload);
      } catch (error) {
        dispatch({ type: 'uploadFailed', token, code: toAppError(error).code });
      }
    },
    [bridge],
  );

  // A checked file goes up as soon as there is a project to put it in.
  const readyToken = state.phase === 'ready' && !state.cancelled ? state.file.token : null;
  useEffect(() => {
    if (readyToken && options.projectId) void startUpload(readyToken, options.projectId);
  }, [readyToken, options.projectId, startUpload]);

  // Leaving the form: nothing keeps running for a field nobody sees.
  useEffect(() => () => letGo(), [letGo]);

  const pickNative = useCallback(async (): Promise<boolean> => {
    if (!optionsRef.current.nativePicker) return false;
    letGo();
    dispatch({ type: 'checkStarted', name: '' });
    try {
      const answer = await pickMedia(bridge(), optionsRef.current.ruleId);
      if (answer.status === 'unsupported') {
        dispatch({ type: 'checkCancelled' });
        return false;
      }
      if (answer.status === 'cancelled') dispatch({ type: 'checkCancelled' });
      else dispatch({ type: 'checked', result: answer, localPreviewUrl: null });
    } catch (error) {
      dispatch({ type: 'checkFailed', code: toAppError(error).code });
    }
    return true;
  }, [bridge, letGo]);

  const takeFile = useCallback(
    async (file: PageFile) => {
      letGo();
      dispatch({ type: 'checkStarted', name: file.name });
      try {
        const result = await checkPageFile(bridge(), optionsRef.current.ruleId, file);
        let preview: string | null = null;
        if (result.ok && file instanceof Blob) {
          preview = URL.createObjectURL(file);
          objectUrl.current = preview;
        }
        dispatch({ type: 'checked', result, localPreviewUrl: preview });
      } catch (error) {
        dispatch({ type: 'checkFailed', code: toAppError(error).code });
      }
    },
    [bridge, letGo],
  );

  const upload = useCallback(() => {
    const current = stateRef.current;
    const projectId = optionsRef.current.projectId;
    if ((current.phase === 'ready' || current.phase === 'failed') && current.file.token && projectId) {
      void startUpload(current.file.token, projectId);
    }
  }, [startUpload]);

  const cancel = useCallback(() => {
    const current = stateRef.current;
    if (current.phase === 'uploading' && current.file.token) void cancelUpload(bridge(), current.file.token).catch(() => undefined);
  }, [bridge]);

  const remove = useCallback(() => {
    letGo();
    dispatch({ type: 'removed' });
    optionsRef.current.onChange(null, null);
  }, [letGo]);

  const dismiss = useCallback(() => dispatch({ type: 'dismissed' }), []);

  const accept = acceptedExtensions(mediaRules[options.ruleId])
    .map((ext) => `.${ext}`)
    .join(',');

  return { state, accept, pickNative, takeFile, upload, cancel, remove, dismiss };
}
