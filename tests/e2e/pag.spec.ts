import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { openAs, openConsole } from './support/console';

/**
 * The PAG player, end to end in Chromium against the browser edition: the console frames the player
 * page exactly as the media field's preview does (renderer/src/media/pag/pag-preview.tsx: a
 * sandboxed frame, libpag's WebAssembly and the file posted to it), and the animation really plays
 * — pictures taken while paused at two different moments differ, and two taken without moving do
 * not. The player may run libpag's generated code, the console may not, and the player can reach
 * neither the network, the console's window nor its cookie.
 */

test.describe.configure({ mode: 'serial' });

const fixture = (name: string) => readFileSync(join(process.cwd(), 'tests/fixtures/media', name));
/** 360 × 640, 2 s: a square moving across a dark background (tests/fixtures/media/generate.ts). */
const animation = 'popup-anim-360x640-2s.pag';

/** libpag's WebAssembly module as the build names it (the console fetches it for the player). */
function wasmPath(): string {
  const name = readdirSync(join(process.cwd(), 'out/renderer/assets')).find((file) => /^libpag-.*\.wasm$/.test(file));
  if (!name) throw new Error('out/renderer/assets has no libpag-*.wasm: build first');
  return `/assets/${name}`;
}

interface Report {
  readonly type: string;
  readonly id?: number;
  readonly width?: number;
  readonly height?: number;
  readonly durationMs?: number;
  readonly playing?: boolean;
  readonly progress?: number;
  readonly reason?: string;
}

/** What the page's global scope offers the code below (the suite is typed without the DOM library). */
interface PageScope {
  __pagReports: Report[];
  __pagSend: (command: unknown) => void;
  document: {
    createElement(tag: 'iframe'): {
      sandbox: string;
      src: string;
      width: string;
      height: string;
      id: string;
      title: string;
      style: string;
      contentWindow: { postMessage(message: unknown, target: string, transfer?: unknown[]): void } | null;
    };
    body: { appendChild(node: unknown): void };
  };
  addEventListener(type: 'message', listener: (event: { source: unknown; data: Report }) => void): void;
  fetch(url: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> }>;
}

/** Frames the player in the console's page, posts `bytes` to it once it is ready, and keeps every report. */
async function framePlayer(page: Page, bytes: Buffer, autoplay: boolean): Promise<Frame> {
  await page.evaluate(
    async ({ wasm, file, autoplay }) => {
      const scope = globalThis as unknown as PageScope;
      const frame = scope.document.createElement('iframe');
      frame.sandbox = 'allow-scripts';
      frame.src = '/pag-player/index.html';
      frame.width = '180';
      frame.height = '320';
      frame.id = 'pag-player';
      frame.title = 'PAG player';
      // In view: Chromium does not run animation frames of a cross-origin frame it does not show.
      frame.style = 'position: fixed; top: 8px; left: 8px; z-index: 100000; border: 0';
      const reports: Report[] = [];
      scope.__pagReports = reports;
      scope.__pagSend = (command) => frame.contentWindow?.postMessage(command, '*');
      const module = await scope.fetch(wasm).then((response) => response.arrayBuffer());
      scope.addEventListener('message', (event) => {
        if (event.source !== frame.contentWindow) return;
        reports.push(event.data);
        if (event.data.type === 'ready') {
          const copy = new Uint8Array(file).buffer;
          frame.contentWindow?.postMessage({ type: 'load', id: 1, wasm: module, file: copy, autoplay }, '*', [copy]);
        }
      });
      scope.document.body.appendChild(frame);
    },
    { wasm: wasmPath(), file: [...bytes], autoplay },
  );
  await expect.poll(() => page.frames().some((frame) => frame.url().endsWith('/pag-player/index.html'))).toBe(true);
  return page.frames().find((frame) => frame.url().endsWith('/pag-player/index.html')) as Frame;
}

/**
 * Resolves once the player's frame has drawn `count` more animation frames: time measured in what
 * the player itself can do (an animation that plays moves on within them), not in milliseconds.
 */
async function animationFrames(frame: Frame, count: number): Promise<void> {
  await frame.evaluate(`new Promise((resolve) => {
    let left = ${count};
    const next = () => (--left <= 0 ? resolve(undefined) : requestAnimationFrame(next));
    requestAnimationFrame(next);
  })`);
}

async function reports(page: Page): Promise<Report[]> {
  return page.evaluate(() => (globalThis as unknown as PageScope).__pagReports);
}

async function send(page: Page, command: unknown): Promise<void> {
  await page.evaluate((c) => (globalThis as unknown as PageScope).__pagSend(c), command);
}

async function lastProgress(page: Page): Promise<Report | undefined> {
  return (await reports(page)).filter((report) => report.type === 'progress').at(-1);
}

/**
 * Runs code made at run time, as the page's own code (a timer's callback: Playwright's evaluated
 * script itself is exempt from the page's policy), and answers 42 or 'refused'.
 */
function generatedCode(): Promise<number | 'refused'> {
  return new Promise((resolve) => {
    setTimeout(() => {
      try {
        resolve(new Function('return 6 * 7')() as number);
      } catch {
        resolve('refused');
      }
    }, 0);
  });
}

async function signedIn(page: Page): Promise<void> {
  await openAs(page);
  await openConsole(page, '/projects');
  await expect(page).toHaveURL(/\/projects$/);
}

test('a PAG animation plays in the sandboxed player, and pauses', async ({ page }) => {
  await signedIn(page);
  const frame = await framePlayer(page, fixture(animation), true);
  const player = page.locator('#pag-player');

  await expect.poll(async () => (await reports(page)).find((report) => report.type === 'loaded')).toEqual({
    type: 'loaded',
    id: 1,
    width: 360,
    height: 640,
    durationMs: 2000,
  });
  // Playing: the position moves on by itself.
  await expect.poll(async () => (await lastProgress(page))?.playing).toBe(true);
  const first = (await lastProgress(page))?.progress ?? 0;
  await expect.poll(async () => (await lastProgress(page))?.progress !== first, { timeout: 5_000 }).toBe(true);

  await send(page, { type: 'pause' });
  await expect.poll(async () => (await lastProgress(page))?.playing).toBe(false);
  const pausedA = await player.screenshot();
  const pausedAt = (await lastProgress(page))?.progress;
  // The player draws 30 more frames: a paused animation stands still through them.
  await animationFrames(frame, 30);
  expect((await player.screenshot()).equals(pausedA), 'a paused animation stands still').toBe(true);

  await send(page, { type: 'play' });
  await expect.poll(async () => (await lastProgress(page))?.playing).toBe(true);
  // Playing until the player says it has moved on a tenth of the animation (several of its frames)
  // from where it was paused, on either side of its loop.
  const movedOn = (progress: number | undefined) => {
    const distance = Math.abs((progress ?? 0) - (pausedAt ?? 0));
    return Math.min(distance, 1 - distance) >= 0.1;
  };
  await expect.poll(async () => movedOn((await lastProgress(page))?.progress), { timeout: 5_000 }).toBe(true);
  await send(page, { type: 'pause' });
  await expect.poll(async () => (await lastProgress(page))?.playing).toBe(false);
  expect((await player.screenshot()).equals(pausedA), 'the picture moved while playing').toBe(false);
});

test('without autoplay the first frame shows, paused (reduced motion)', async ({ page }) => {
  await signedIn(page);
  const frame = await framePlayer(page, fixture(animation), false);
  await expect.poll(async () => (await reports(page)).map((report) => report.type)).toEqual(['ready', 'loaded', 'progress']);
  const shown = await lastProgress(page);
  expect(shown).toMatchObject({ type: 'progress', id: 1, playing: false });
  // libpag states the first frame's position as its middle (half of 1/48 here).
  expect(shown?.progress).toBeLessThan(1 / 48);
  // 30 frames later the player has still reported nothing more: it did not start by itself.
  await animationFrames(frame, 30);
  expect(await reports(page)).toHaveLength(3);
});

test('a file libpag cannot read is reported, not played', async ({ page }) => {
  await signedIn(page);
  await framePlayer(page, Buffer.from('PAG\u0001 this is not an animation'), true);
  await expect.poll(async () => (await reports(page)).at(-1)).toEqual({ type: 'failed', id: 1, reason: 'decode' });
});

test('the player runs libpag’s generated code but reaches nothing; the console runs no generated code', async ({ page }) => {
  await signedIn(page);
  const frame = await framePlayer(page, fixture(animation), false);
  await expect.poll(async () => (await reports(page)).some((report) => report.type === 'loaded')).toBe(true);

  const response = await page.request.get(new URL('/pag-player/index.html', page.url()).toString());
  const policy = response.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("'unsafe-eval'");
  expect(policy).toContain("connect-src 'none'");
  expect(policy).toContain('sandbox allow-scripts');

  expect(await frame.evaluate(generatedCode)).toBe(42);
  expect(await frame.evaluate(() => fetch('/build-id.json').then(() => 'reached', () => 'blocked'))).toBe('blocked');
  expect(
    await frame.evaluate(() => {
      try {
        return (globalThis as unknown as { parent: { document: { title: string } } }).parent.document.title;
      } catch {
        return 'isolated';
      }
    }),
  ).toBe('isolated');
  expect(
    await frame.evaluate(() => {
      try {
        return (globalThis as unknown as { document: { cookie: string } }).document.cookie;
      } catch {
        return 'no cookie';
      }
    }),
  ).toBe('no cookie');

  expect(await page.evaluate(generatedCode)).toBe('refused');
});
