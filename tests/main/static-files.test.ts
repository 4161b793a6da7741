import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveStaticFile } from '../../main/src/static-files';

/** How the browser edition and the app:// protocol map a path to the renderer's files. */
let root = '';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'palette-static-'));
  await writeFile(join(root, 'index.html'), '<!doctype html>');
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'assets', 'app.js'), '');
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe('resolveStaticFile', () => {
  it('serves files, and index.html for client routes', async () => {
    expect(await resolveStaticFile(root, '/assets/app.js')).toMatchObject({ kind: 'file', fallback: false });
    expect(await resolveStaticFile(root, '/projects/abc')).toMatchObject({ kind: 'file', fallback: true });
  });

  it('answers 404 for a missing file with an extension, not for a route holding a preview token', async () => {
    expect(await resolveStaticFile(root, '/assets/missing.js')).toEqual({ kind: 'not-found' });
    expect(await resolveStaticFile(root, '/assets/missing.woff2')).toEqual({ kind: 'not-found' });
    const token = `pv1.eyJsIjoiYSJ9.${'A'.repeat(43)}`;
    expect(await resolveStaticFile(root, `/preview/${token}`)).toMatchObject({ kind: 'file', fallback: true });
  });
});
