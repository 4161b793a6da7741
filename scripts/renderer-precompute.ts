import { resolve } from 'node:path';
import { runnerImport, type AliasOptions, type Plugin } from 'vite';

/**
 * Modules the renderer build replaces by their value: data derived from the contract's
 * declarations, which the console's first screens need without the declarations themselves (the
 * kinds, the resources and their zod schemas are about 60 KB gzipped; issue 12's budgets).
 *
 * Each module stays an ordinary source file that computes its exports from the contract (tests and
 * type checks read it as it is); at build start the plugin runs it through Vite's module runner and
 * the bundle gets `export const name = <JSON>` instead. Only JSON data can be exported: a function
 * or anything JSON would change is refused, so a module cannot lose behaviour here unnoticed.
 */
export const precomputedModules = [
  'renderer/src/config/kind-index.ts',
  'renderer/src/components/menu-access.ts',
  'renderer/src/i18n/catalogues/labels-en-US.ts',
  'renderer/src/i18n/catalogues/labels-zh-CN.ts',
  'renderer/src/i18n/catalogues/contract-en-US.ts',
  'renderer/src/i18n/catalogues/contract-zh-CN.ts',
] as const;

/** Whether `value` is plain JSON data: null, booleans, finite numbers, strings, arrays and plain objects of those. */
function isJsonData(value: unknown): boolean {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonData);
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return (prototype === Object.prototype || prototype === null) && Object.values(value).every(isJsonData);
}

/** The module source that exports `exports`' values as JSON, or an error for anything else. */
export function dataModuleSource(file: string, exports: Readonly<Record<string, unknown>>): string {
  return Object.entries(exports)
    .map(([name, value]) => {
      if (!isJsonData(value)) throw new Error(`${file}: export ${name} is not JSON data and cannot be precomputed.`);
      const json = JSON.stringify(value);
      return name === 'default' ? `export default ${json};` : `export const ${name} = ${json};`;
    })
    .join('\n');
}

/** The plugin: `root` is the repository, `alias` the renderer's import aliases. */
export function precomputed(root: string, alias: AliasOptions): Plugin {
  const sources = new Map<string, string>();
  return {
    name: 'palette:precomputed',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      sources.clear();
      for (const file of precomputedModules) {
        const path = resolve(root, file);
        const { module } = await runnerImport<Record<string, unknown>>(path, { configFile: false, logLevel: 'silent', resolve: { alias } });
        sources.set(path, dataModuleSource(file, module));
      }
    },
    load(id) {
      return sources.get(id.split('?')[0] ?? id) ?? null;
    },
  };
}
