// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { paletteI18nPlugin } from './renderer/eslint/no-literal-ui-strings.js';

/** Layer rules of docs/ARCHITECTURE.md: imports point downward only. */
const ours = (...folders) => folders.flatMap((f) => [`**/${f}/*`, `**/${f}`, `@${f}/*`]);
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
            { regex: '^(?!zod$|\\.{1,2}/)', message: 'contract/ imports only zod.' },
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
    // No literal UI strings: every text goes through i18next (STYLE.md, "What we absorb" 4).
    files: ['renderer/src/**/*.tsx'],
    plugins: { palette: paletteI18nPlugin },
    rules: { 'palette/no-literal-ui-strings': 'error' },
  },
);
