/**
 * The messages between the console and its PAG player frame (renderer/pag-player/index.html).
 *
 * The player runs in a sandboxed frame with an opaque origin and fetches nothing: the console posts
 * it libpag's WebAssembly and the bytes of the file to play, and the player reports what it does.
 * Types only: the console and the player are separate bundles and each checks what it receives
 * itself (a runtime module shared by both would become a chunk the sandboxed frame must load
 * across origins).
 */

/** The console → the player. */
export type PagPlayerCommand =
  | {
      readonly type: 'load';
      /** Chosen by the console; every report about this file carries it. */
      readonly id: number;
      /** libpag's WebAssembly module (used the first time only). */
      readonly wasm: ArrayBuffer;
      /** The PAG file. */
      readonly file: ArrayBuffer;
      /** Start playing at once (false when the operator prefers reduced motion: the first frame shows). */
      readonly autoplay: boolean;
    }
  | { readonly type: 'play' }
  | { readonly type: 'pause' };

/** Why a file cannot be played: no WebGL here, libpag failed to start, or it could not read the file. */
export type PagPlayerFailure = 'graphics' | 'init' | 'decode';

/** The player → the console. */
export type PagPlayerReport =
  /** The player's script runs and waits for a file. */
  | { readonly type: 'ready' }
  /** The file is loaded and its first frame drawn. */
  | { readonly type: 'loaded'; readonly id: number; readonly width: number; readonly height: number; readonly durationMs: number }
  /** Playing or paused, and where (0…1); sent on every change and a few times a second while playing. */
  | { readonly type: 'progress'; readonly id: number; readonly playing: boolean; readonly progress: number }
  | { readonly type: 'failed'; readonly id: number; readonly reason: PagPlayerFailure };

/** The player's page, relative to the console's origin. */
export const PAG_PLAYER_PAGE = '/pag-player/index.html';
