// @ts-check
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { paletteI18nPlugin } from './renderer/eslint/no-literal-ui-strings.js';
import { paletteImportsPlugin } from './eslint/no-cycle-counting-types.js';

/** Layer rules of docs/ARCHITECTURE.md: imports point downward only. */
const ours = (...folders) => folders.flatMap((f) => [`**/${f}/*`, `**/${f}`, `@${f}/*`]);
/**
 * The renderer's layers, top to bottom (docs/ARCHITECTURE.md): an entry imports only entries below
 * it, lazy `import()`s included; entries on one line are peers and never import each other. Every
 * folder of renderer/src is stated. An entry is a folder or a file of renderer/src; an entry inside
 * another one's folder (`resources/projects`, `components/notices.ts`) is its own layer and is taken
 * out of its parent's: `resources/` holds the generic list and form pieces and, until the folder move
 * of issue 19 §4, the projects and system screens that use them; the notice bus and the
 * connectivity store import nothing of ours, so every layer may use them. renderer/src/main.tsx, the
 * entry, sits above them all. tests/main/layering.test.ts checks that every folder is stated.
 */
const rendererLayers = [
  ['app'],
  ['layout'],
  ['config'],
  ['pages', 'resources/projects', 'resources/system'],
  ['commerce'],
  ['resources'],
  ['forms'],
  ['media'],
  ['components'],
  ['data', 'i18n'],
  ['connectivity'],
  ['bridge'],
  ['lib', 'settings', 'theme', 'pag-player', 'components/notices.ts', 'connectivity/connectivity-state.ts'],
];
const rendererRoot = './renderer/src';
const layerMessage = `imports point downward only: ${rendererLayers.map((l) => l.join(' | ')).join(' → ')}.`;
const layerEntries = rendererLayers.flat();
/** The entries stated inside `entry`'s folder: their own layers, not `entry`'s. */
const innerEntries = (entry) => layerEntries.filter((other) => other.startsWith(`${entry}/`));
for (const entry of layerEntries) {
  if (innerEntries(entry).some((inner) => inner.slice(entry.length + 1).includes('/'))) throw new Error(`layer entries nest one level deep: ${entry}`);
}
/** The files an entry holds: its folder (or file) without the entries stated inside it. */
const layerTarget = (entry) => {
  const inner = innerEntries(entry).map((other) => other.slice(entry.length + 1));
  if (inner.length === 0) return `${rendererRoot}/${entry}`;
  const others = `!(${inner.join('|')})`;
  return [`${rendererRoot}/${entry}/${others}`, `${rendererRoot}/${entry}/${others}/**`];
};
// One zone per (entry, forbidden entry): the forbidden entry's inner entries that lie below the
// importer (or are the importer) stay allowed (`except`, which no-restricted-paths takes per zone).
const rendererLayerZones = rendererLayers.flatMap((line, depth) =>
  line.flatMap((entry) =>
    [...rendererLayers.slice(0, depth).flat(), ...line.filter((peer) => peer !== entry)].map((forbidden) => {
      const allowedInside = innerEntries(forbidden).filter((inner) => inner === entry || rendererLayers.findIndex((l) => l.includes(inner)) > depth);
      return {
        target: layerTarget(entry),
        from: `${rendererRoot}/${forbidden}`,
        ...(allowedInside.length > 0 ? { except: allowedInside.map((inner) => `./${inner.slice(forbidden.length + 1)}`) } : {}),
        message: layerMessage,
      };
    }),
  ),
);
export { rendererLayers };

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'http', 'https', 'child_process', 'net', 'url', 'stream', 'events'];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'server/drizzle/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // zod, and zod's core (the sign-in rules take its email pattern without its schemas).
            { regex: '^(?!zod(/v4/core)?$|\\.{1,2}/)', message: 'contract/ imports only zod.' },
            { group: ours('server', 'main', 'preload', 'renderer'), message: 'contract/ imports only zod.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ours('main', 'preload', 'renderer'), message: 'server/ may import contract and node packages only.' }] }],
    },
  },
  {
    files: ['main/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ours('renderer', 'server', 'preload'), message: 'main/ may import contract, electron and node packages only (it starts the server as a process).' }],
          paths: [{ name: 'electron', importNames: ['ipcMain', 'ipcRenderer'], message: 'Only main/ipc may use ipcMain.' }],
        },
      ],
    },
  },
  {
    files: ['main/src/ipc/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ours('renderer', 'server', 'preload'), message: 'main/ may not import renderer or server.' }] }],
    },
  },
  {
    files: ['preload/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'preload/ may not use node.' })),
          patterns: [{ group: ours('main', 'renderer', 'server'), message: 'preload/ may import contract and electron only.' }],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodeBuiltins, 'electron'].map((name) => ({ name, message: 'renderer/ may not use node or electron.' })),
          patterns: [{ group: [...ours('main', 'preload', 'server'), 'node:*'], message: 'renderer/ may import contract and browser packages only.' }],
        },
      ],
    },
  },
  {
    // The renderer's import graph: layers point downward (no-restricted-paths) and no file reaches
    // itself again, through static, lazy or type-only imports (no-cycle-counting-types:
    // eslint/no-cycle-counting-types.js, eslint-plugin-import's no-cycle with type imports counted,
    // also used on the server below). eslint-plugin-import's node resolver
    // resolves the renderer's TypeScript files; `@contract` imports are left unresolved, which is
    // right for both rules: contract/ imports only itself, so no cycle can pass through it, and the
    // layers concern renderer folders only. (eslint-plugin-import-x was tried first: its resolver's
    // platform binaries are not all on the registry, which broke `npm ci` on a clean machine.)
    files: ['renderer/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin, 'palette-imports': paletteImportsPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/ignore': ['node_modules', '^@contract/'],
    },
    rules: {
      'palette-imports/no-cycle-counting-types': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { basePath: fileURLToPath(new URL('.', import.meta.url)), zones: rendererLayerZones }],
    },
  },
  {
    // The server's import graph has no circle either, type-only imports counted: a type-only circle
    // still ties the files together (eslint/no-cycle-counting-types.js). `@contract` imports stay
    // unresolved as in the renderer: contract/ imports only itself.
    files: ['server/src/**/*.ts'],
    plugins: { 'palette-imports': paletteImportsPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js', '.json'] } },
      'import/extensions': ['.ts', '.js'],
      'import/ignore': ['node_modules', '^@contract/'],
    },
    rules: { 'palette-imports/no-cycle-counting-types': ['error', { ignoreExternal: true }] },
  },
  {
    // No literal UI strings: every text goes through i18next (STYLE.md, "What we absorb" 4).
    files: ['renderer/src/**/*.tsx'],
    plugins: { palette: paletteI18nPlugin },
    rules: { 'palette/no-literal-ui-strings': 'error' },
  },
);
