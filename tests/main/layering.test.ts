import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const skipped = new Set(['node_modules', 'out', 'dist', '.git', 'test-results', 'playwright-report', '.data']);

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (skipped.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(c|m)?(t|j)sx?$/.test(entry)) files.push(path);
  }
  return files;
}

interface ImportRef {
  readonly specifier: string;
  readonly names: string;
  readonly typeOnly: boolean;
}

/** The module references of a file: static imports and re-exports, side-effect imports, import(), require(). */
function importsOf(source: string): ImportRef[] {
  const refs: ImportRef[] = [];
  const statement = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(statement)) {
    const names = match[3] ?? '';
    const braced = /^\{([\s\S]*)\}$/.exec(names.trim());
    const allInlineTypes = braced !== null && braced[1]!.split(',').filter((n) => n.trim() !== '').every((n) => /^\s*type\s/.test(n));
    refs.push({ specifier: match[4]!, names, typeOnly: match[2] !== undefined || allInlineTypes });
  }
  for (const match of source.matchAll(/(?:^|[\n;])\s*import\s+['"]([^'"]+)['"]/g)) refs.push({ specifier: match[1]!, names: '', typeOnly: false });
  for (const match of source.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g)) refs.push({ specifier: match[1]!, names: '*', typeOnly: false });
  return refs;
}

const files = sourceFiles(root).map((path) => ({ path, rel: relative(root, path).split('\\').join('/'), source: readFileSync(path, 'utf8') }));

describe('layering', () => {
  it('keeps ipcMain and ipcRenderer inside main/src/ipc and preload', () => {
    // tests/main holds the fake electron module and the tests of these two folders.
    const allowed = (rel: string) => rel.startsWith('main/src/ipc/') || rel.startsWith('preload/') || rel.startsWith('tests/main/');
    const offenders = files
      .filter((file) => !allowed(file.rel))
      .filter((file) => {
        const named = importsOf(file.source).some((ref) => ref.specifier === 'electron' && /\bipc(Main|Renderer)\b/.test(ref.names));
        const viaNamespace = /\belectron\s*\)?\s*\.\s*ipc(Main|Renderer)\b/.test(file.source) && /['"]electron['"]/.test(file.source);
        return named || viaNamespace;
      })
      .map((file) => file.rel);
    expect(offenders).toEqual([]);
  });

  it('keeps the keychain modules inside the secret store', () => {
    const offenders = files
      .filter((file) => file.rel !== 'main/src/session/secret-store.ts' && !file.rel.startsWith('tests/'))
      .filter((file) => importsOf(file.source).some((ref) => ref.specifier === 'keytar' || ref.specifier === '@napi-rs/keyring'))
      .map((file) => file.rel);
    expect(offenders).toEqual([]);
  });

  it('keeps Electron out of the browser edition host, through every import', () => {
    const electronish = /^(electron|electron-store|electron-updater|@sentry\/electron)(\/|$)/;
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const ref of importsOf(readFileSync(file, 'utf8'))) {
        if (ref.typeOnly) continue;
        let target: string | null = null;
        if (ref.specifier.startsWith('.')) target = resolve(dirname(file), ref.specifier);
        else if (ref.specifier.startsWith('@contract/')) target = join(root, 'contract', ref.specifier.slice('@contract/'.length));
        else packages.add(ref.specifier);
        if (target !== null) {
          const candidates = [target, `${target}.ts`, join(target, 'index.ts')];
          const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
          expect(found, `${ref.specifier} from ${relative(root, file)}`).toBeDefined();
          visit(found!);
        }
      }
    };
    visit(join(root, 'main/src/host/index.ts'));
    expect(seen.size).toBeGreaterThan(10);
    expect([...packages].filter((name) => electronish.test(name))).toEqual([]);
  });

  it('lets the preload load nothing at run time but electron and the zod-free channel names', () => {
    const preload = files.filter((file) => file.rel.startsWith('preload/'));
    expect(preload.length).toBeGreaterThan(0);
    for (const file of preload) {
      const runtime = importsOf(file.source).filter((ref) => !ref.typeOnly).map((ref) => ref.specifier);
      expect(runtime.every((name) => name === 'electron' || name === '@contract/ipc-names'), file.rel).toBe(true);
    }
    const names = readFileSync(join(root, 'contract/ipc-names.ts'), 'utf8');
    expect(importsOf(names).filter((ref) => !ref.typeOnly)).toEqual([]);
  });

  it('states every renderer folder in the layer rule, once', async () => {
    // A folder missing from eslint.config.js `rendererLayers` would import anything unchecked.
    const config = (await import(pathToFileURL(join(root, 'eslint.config.js')).href)) as { rendererLayers: string[][] };
    const entries = config.rendererLayers.flat();
    const folders = readdirSync(join(root, 'renderer/src')).filter((entry) => statSync(join(root, 'renderer/src', entry)).isDirectory());
    expect(folders.filter((folder) => !entries.includes(folder))).toEqual([]);
    expect(entries.filter((entry) => !existsSync(join(root, 'renderer/src', entry)))).toEqual([]);
    expect(new Set(entries).size).toBe(entries.length);
  });
});
