import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A built renderer on disk (index.html, a hashed script and stylesheet, build-id.json, the PAG
 * player's page and script) next to a
 * file that must never be served, for the protocol handler and the browser edition's host.
 */
export interface RendererFixture {
  readonly base: string;
  readonly rendererDir: string;
  readonly cleanup: () => void;
}

export function createRendererFixture(): RendererFixture {
  const base = mkdtempSync(join(tmpdir(), 'palette-renderer-'));
  const rendererDir = join(base, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Palette</title><div id="root"></div>');
  writeFileSync(join(rendererDir, 'assets', 'index-abc123.js'), 'console.log("palette")');
  writeFileSync(join(rendererDir, 'assets', 'index-abc123.css'), 'body{margin:0}');
  mkdirSync(join(rendererDir, 'pag-player'));
  writeFileSync(join(rendererDir, 'pag-player', 'index.html'), '<!doctype html><title>PAG player</title><canvas id="stage"></canvas>');
  writeFileSync(join(rendererDir, 'pag-player', 'pag-player-abc123.js'), 'console.log("player")');
  writeFileSync(join(rendererDir, 'build-id.json'), JSON.stringify({ build: '20260101T000000Z-abcdef' }));
  writeFileSync(join(base, 'secret.txt'), 'TOP SECRET');
  symlinkSync(join(base, 'secret.txt'), join(rendererDir, 'escape.txt'));
  return { base, rendererDir, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}
