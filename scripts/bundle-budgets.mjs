// The renderer's script budgets (issue 12): which built files make up a screen's first download,
// for size-limit (.size-limit.js), read from the build's chunk map (out/renderer/.vite/chunks.json,
// written by scripts/renderer-chunks.ts: every chunk, the modules in it, its imports).
//
// A screen is its roots (the page, and the modules that render the screen) with every chunk they
// import statically, recursively: the browser loads exactly those before the screen shows (the
// page's by <link rel=modulepreload>, a lazy chunk's with it through Vite's preload helper).
// Dynamic imports are not followed: they load on interaction (the language menu on hover, the
// sign-in form's rules as the operator types) or belong to other screens. tests/e2e/
// first-screens.spec.ts checks that the browser fetches no script outside these sets.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The console's first screens and what each may download, gzipped. */
export const screens = [
  {
    name: 'sign-in screen',
    limit: '150 KB',
    // The page (its entry boots), the sign-in page on its own, its texts in the default language.
    roots: ['renderer/index.html', 'renderer/src/pages/login/sign-in-shell.tsx', 'renderer/src/i18n/catalogues/public-en-US.ts'],
  },
  {
    name: 'first console screen',
    limit: '400 KB',
    // The page, the console (router, data, route table), its frame, the welcome page, the header's
    // language menu (loaded at once there), and every text of the default language (the console
    // loads them all before it renders).
    roots: [
      'renderer/index.html',
      'renderer/src/app/app.tsx',
      'renderer/src/layout/console-layout.tsx',
      'renderer/src/pages/welcome/welcome-page.tsx',
      'renderer/src/components/language-menu.tsx',
      'renderer/src/i18n/catalogues/public-en-US.ts',
      'renderer/src/i18n/catalogues/contract-en-US.ts',
      'renderer/src/i18n/catalogues/labels-en-US.ts',
    ],
    rootPattern: /^renderer\/src\/i18n\/en-US\/[^/]+\.ts$/,
  },
];

/** Reads the build's chunk map; a missing build is an error that says what to do. */
export function readChunkMap(rendererDir) {
  const file = join(rendererDir, '.vite', 'chunks.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the renderer first (npm run build).`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The files a screen downloads: the chunks holding its roots and their static imports,
 * recursively, each once, sorted. A root no chunk holds is an error (a renamed module must not
 * silently shrink a budget).
 */
export function screenFiles(chunks, screen) {
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const holder = new Map();
  for (const chunk of chunks) for (const module of chunk.modules) if (!holder.has(module)) holder.set(module, chunk);
  const patterned = screen.rootPattern ? [...holder.keys()].filter((module) => screen.rootPattern.test(module)) : [];
  const files = new Set();
  const visit = (chunk) => {
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (!next) throw new Error(`${chunk.file} imports ${imported}, which the chunk map does not list.`);
      visit(next);
    }
  };
  for (const root of [...screen.roots, ...patterned]) {
    const chunk = holder.get(root);
    if (!chunk) throw new Error(`No chunk of the build holds ${root} (${screen.name}): update scripts/bundle-budgets.mjs.`);
    visit(chunk);
  }
  return [...files].sort();
}

/** size-limit's checks for the renderer built into `rendererDir` (relative to the config file). */
export function budgetChecks(rendererDir) {
  const chunks = readChunkMap(rendererDir);
  return screens.map((screen) => ({
    name: screen.name,
    limit: screen.limit,
    gzip: true,
    path: screenFiles(chunks, screen).map((file) => join(rendererDir, file)),
  }));
}
