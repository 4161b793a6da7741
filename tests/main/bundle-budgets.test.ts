import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations
import { budgetChecks, screenFiles, screens } from '../../scripts/bundle-budgets.mjs';
import { dataModuleSource, precomputedModules } from '../../scripts/renderer-precompute';

interface Chunk {
  readonly file: string;
  readonly name: string;
  readonly isEntry: boolean;
  readonly modules: readonly string[];
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
}

const chunk = (file: string, modules: readonly string[], imports: readonly string[] = [], dynamicImports: readonly string[] = []): Chunk => ({
  file,
  name: file,
  isEntry: false,
  modules,
  imports,
  dynamicImports,
});

/** A small build: the page, a framework chunk, the sign-in page, the console, a lazy menu. */
const build: readonly Chunk[] = [
  chunk('assets/index.js', ['renderer/index.html', 'renderer/src/main.tsx'], ['assets/framework.js', 'assets/boot.js'], ['assets/sign-in.js', 'assets/app.js']),
  chunk('assets/framework.js', ['node_modules/react-dom/index.js']),
  chunk('assets/boot.js', ['renderer/src/app/boot.tsx'], ['assets/framework.js']),
  chunk('assets/sign-in.js', ['renderer/src/pages/login/sign-in-shell.tsx', 'renderer/src/pages/login/login-page.tsx'], ['assets/boot.js'], ['assets/rules.js']),
  chunk('assets/rules.js', ['renderer/src/pages/login/sign-in-rules.ts'], ['assets/zod.js']),
  chunk('assets/zod.js', ['node_modules/zod/index.js']),
  chunk('assets/public-en.js', ['renderer/src/i18n/catalogues/public-en-US.ts']),
  chunk('assets/app.js', ['renderer/src/app/app.tsx'], ['assets/boot.js']),
];

const signIn = screens.find((screen: { name: string }) => screen.name === 'sign-in screen');

describe('the script budgets (scripts/bundle-budgets.mjs)', () => {
  it('are 150 KB for the sign-in screen and 400 KB for the first console screen, gzipped', () => {
    expect(screens.map((s: { name: string; limit: string }) => [s.name, s.limit])).toEqual([
      ['sign-in screen', '150 KB'],
      ['first console screen', '400 KB'],
    ]);
  });

  it('count a screen’s roots and their static imports, each once, not what loads on interaction', () => {
    expect(screenFiles(build, signIn)).toEqual(['assets/boot.js', 'assets/framework.js', 'assets/index.js', 'assets/public-en.js', 'assets/sign-in.js']);
  });

  it('refuse a root no chunk holds, so a renamed module cannot shrink a budget unnoticed', () => {
    const withoutCatalogue = build.filter((c) => c.file !== 'assets/public-en.js');
    expect(() => screenFiles(withoutCatalogue, signIn)).toThrow(/No chunk of the build holds renderer\/src\/i18n\/catalogues\/public-en-US\.ts/);
  });

  it('refuse an import the chunk map does not list', () => {
    const broken = build.map((c) => (c.file === 'assets/boot.js' ? { ...c, imports: ['assets/gone.js'] } : c));
    expect(() => screenFiles(broken, signIn)).toThrow(/imports assets\/gone\.js/);
  });

  it('take every module a pattern names as a root (the console’s texts)', () => {
    const texts = [...build, chunk('assets/account-texts.js', ['renderer/src/i18n/en-US/account.ts'])];
    expect(screenFiles(texts, { name: 'texts', roots: ['renderer/index.html'], rootPattern: /^renderer\/src\/i18n\/en-US\// })).toContain('assets/account-texts.js');
  });

  describe('as size-limit checks', () => {
    let dir = '';
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('name each screen with its limit, gzip and its files under the renderer folder', () => {
      dir = mkdtempSync(join(tmpdir(), 'budgets-'));
      mkdirSync(join(dir, '.vite'));
      const console = chunk('assets/console.js', [
        'renderer/src/layout/console-layout.tsx',
        'renderer/src/pages/welcome/welcome-page.tsx',
        'renderer/src/components/language-menu.tsx',
        'renderer/src/i18n/catalogues/contract-en-US.ts',
        'renderer/src/i18n/catalogues/labels-en-US.ts',
      ]);
      writeFileSync(join(dir, '.vite', 'chunks.json'), JSON.stringify([...build, console]));
      const checks = budgetChecks(dir);
      expect(checks.map((c: { name: string; gzip: boolean }) => [c.name, c.gzip])).toEqual([
        ['sign-in screen', true],
        ['first console screen', true],
      ]);
      expect(checks[0].path).toContain(join(dir, 'assets/sign-in.js'));
      expect(checks[1].path).toContain(join(dir, 'assets/console.js'));
      expect(checks[1].path).not.toContain(join(dir, 'assets/sign-in.js'));
    });

    it('say to build first when the chunk map is missing', () => {
      dir = mkdtempSync(join(tmpdir(), 'budgets-'));
      expect(() => budgetChecks(dir)).toThrow(/build the renderer first/);
    });
  });
});

describe('precomputed modules (scripts/renderer-precompute.ts)', () => {
  it('become modules exporting their values as JSON', () => {
    expect(dataModuleSource('x.ts', { kinds: [{ name: 'popups', segment: 'popup' }], default: { a: 'b' } })).toBe(
      'export const kinds = [{"name":"popups","segment":"popup"}];\nexport default {"a":"b"};',
    );
  });

  it('refuse anything that is not JSON data, so no behaviour is lost at build time', () => {
    expect(() => dataModuleSource('x.ts', { find: () => null })).toThrow(/export find is not JSON data/);
    expect(() => dataModuleSource('x.ts', { when: new Date(0) })).toThrow(/export when is not JSON data/);
    expect(() => dataModuleSource('x.ts', { gone: undefined })).toThrow(/export gone is not JSON data/);
  });
});

describe('the modules the renderer build precomputes', () => {
  it.each(precomputedModules.map((file) => [file]))('%s exports only JSON data', async (file) => {
    const module = (await import(`../../${file}`)) as Record<string, unknown>;
    expect(Object.keys(module).length).toBeGreaterThan(0);
    expect(() => dataModuleSource(file, module)).not.toThrow();
  });
});
