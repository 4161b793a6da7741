import { PAGInit, type types } from 'libpag';
import type { PagPlayerCommand, PagPlayerFailure, PagPlayerReport } from './protocol';

/**
 * The PAG player page: plays one PAG file that the console posts, in a sandboxed frame.
 *
 * It talks only to the window that framed it, accepts only well-formed commands, and reports what
 * it does (loaded, progress, failure) so the console can show controls and state. Nothing here
 * reaches the network: the WebAssembly module and the file both arrive by message.
 */

type PagModule = types.PAG;
type PagView = NonNullable<Awaited<ReturnType<PagModule['PAGView']['init']>>>;
type PagFile = Awaited<ReturnType<PagModule['PAGFile']['load']>>;

const stage = document.getElementById('stage') as HTMLCanvasElement;
const host = window.parent;
let pag: Promise<PagModule> | null = null;
let current: { readonly id: number; readonly view: PagView; readonly file: PagFile } | null = null;
let loading = 0;
let lastReport = 0;

/** Reports at most this often while playing (the console shows a progress bar, not every frame). */
const PROGRESS_INTERVAL_MS = 200;

function report(message: PagPlayerReport): void {
  host.postMessage(message, '*');
}

function isBuffer(value: unknown): value is ArrayBuffer {
  return value instanceof ArrayBuffer;
}

/** The command in a message, or null for anything that is not one. */
function commandOf(data: unknown): PagPlayerCommand | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  switch (message.type) {
    case 'play':
    case 'pause':
      return { type: message.type };
    case 'load':
      if (typeof message.id !== 'number' || !Number.isSafeInteger(message.id)) return null;
      if (!isBuffer(message.wasm) || !isBuffer(message.file) || typeof message.autoplay !== 'boolean') return null;
      return { type: 'load', id: message.id, wasm: message.wasm, file: message.file, autoplay: message.autoplay };
    default:
      return null;
  }
}

function progressOf(id: number, view: PagView, playing: boolean): PagPlayerReport {
  const progress = view.getProgress();
  return { type: 'progress', id, playing, progress: Number.isFinite(progress) ? Math.min(1, Math.max(0, progress)) : 0 };
}

function release(): void {
  if (!current) return;
  current.view.destroy();
  current.file.destroy();
  current = null;
}

/**
 * Sizes the canvas to what the frame shows (times the pixel ratio), keeping the composition's
 * shape: drawing a 1080 × 1920 composition at full size for a 240-pixel preview would waste the GPU.
 */
function fitCanvas(width: number, height: number): void {
  const ratio = window.devicePixelRatio || 1;
  const scale = Math.min(1, (window.innerWidth * ratio) / width, (window.innerHeight * ratio) / height);
  stage.width = Math.max(1, Math.round(width * scale));
  stage.height = Math.max(1, Math.round(height * scale));
  stage.style.width = `${stage.width / ratio}px`;
  stage.style.height = `${stage.height / ratio}px`;
}

async function load(command: Extract<PagPlayerCommand, { type: 'load' }>): Promise<void> {
  const ticket = ++loading;
  const fail = (reason: PagPlayerFailure) => {
    if (ticket === loading) report({ type: 'failed', id: command.id, reason });
  };
  release();
  let module: PagModule;
  try {
    pag ??= PAGInit({ wasmBinary: command.wasm } as Parameters<typeof PAGInit>[0]);
    module = await pag;
  } catch {
    pag = null;
    return fail('init');
  }
  let file: PagFile;
  try {
    file = await module.PAGFile.load(command.file);
    if (!file) return fail('decode');
  } catch {
    return fail('decode');
  }
  if (ticket !== loading) {
    file.destroy();
    return;
  }
  fitCanvas(file.width(), file.height());
  let view: PagView | undefined;
  try {
    view = await module.PAGView.init(file, stage, { useScale: false, firstFrame: true });
  } catch {
    view = undefined;
  }
  if (!view) {
    file.destroy();
    return fail('graphics');
  }
  if (ticket !== loading) {
    view.destroy();
    file.destroy();
    return;
  }
  const loaded = view;
  current = { id: command.id, view: loaded, file };
  loaded.setRepeatCount(0);
  loaded.addListener('onAnimationUpdate', () => {
    const now = performance.now();
    if (now - lastReport < PROGRESS_INTERVAL_MS) return;
    lastReport = now;
    report(progressOf(command.id, loaded, true));
  });
  report({ type: 'loaded', id: command.id, width: file.width(), height: file.height(), durationMs: Math.round(file.duration() / 1000) });
  if (command.autoplay) await play();
  else report(progressOf(command.id, loaded, false));
}

async function play(): Promise<void> {
  if (!current) return;
  const { id, view } = current;
  await view.play();
  report(progressOf(id, view, true));
}

function pause(): void {
  if (!current) return;
  current.view.pause();
  report(progressOf(current.id, current.view, false));
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  // Only the window that framed the player may drive it.
  if (host === window || event.source !== host) return;
  const command = commandOf(event.data);
  if (!command) return;
  switch (command.type) {
    case 'load':
      void load(command);
      return;
    case 'play':
      void play();
      return;
    case 'pause':
      pause();
      return;
  }
});

if (host !== window) report({ type: 'ready' });
