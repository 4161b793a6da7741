import { relative, sep } from 'node:path';
import { type Plugin } from 'vite';

/**
 * How the renderer is cut into chunks so that its first screens stay within their script budgets
 * (issue 12: the sign-in screen at most 150 KB gzipped, the first console screen at most 400 KB;
 * scripts/bundle-budgets.mjs measures them, CI runs size-limit on the build).
 *
 * Rolldown's automatic chunking makes one chunk per set of dynamic imports that share modules. With
 * some thirty lazy screens that gives the sign-in screen dozens of small chunks, each compressed on
 * its own (about 9 KB more than the same code in one file). Three groups fix that:
 *
 * - `framework`: React, React DOM, i18next and its React binding, which every screen runs in full,
 *   and Fluent's shared contexts (a dozen tiny modules every component reads);
 * - `boot`: the console's own modules the page entry (renderer/src/main.tsx) reaches by static
 *   imports, which every start runs;
 * - `sign-in`: the rest of the console's own modules the sign-in screen reaches by static imports,
 *   which a signed-in operator's start does not load.
 *
 * Both are found from the module graph (so a new import on their path joins them without a list to
 * keep), and stop at packages: a package's index re-exports the whole library (Fluent's, for one),
 * and following it would put every component into the group. Packages keep automatic chunking.
 *
 * The build also writes `.vite/chunks.json`: every chunk's file, the modules in it (paths from the
 * repository root) and its static and dynamic imports, from which the budgets find a screen's files.
 */

/** The groups of the console's own modules and the module each starts from (see above). */
const ownGroups = [
  { name: 'boot', root: /renderer[\\/]src[\\/]main\.tsx$/, priority: 6 },
  { name: 'sign-in', root: /renderer[\\/]src[\\/]pages[\\/]login[\\/]sign-in-shell\.tsx$/, priority: 5 },
] as const;

/** Packages every screen runs in full (see above). */
export const frameworkPackages = /[\\/]node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|@fluentui[\\/]react-shared-contexts)[\\/]/;

/** One chunk of the build as `.vite/chunks.json` lists it. */
export interface ChunkRecord {
  readonly file: string;
  readonly name: string;
  readonly isEntry: boolean;
  /** Module paths from the repository root (`renderer/src/main.tsx`, `node_modules/...`), the entry's page too. */
  readonly modules: readonly string[];
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
}

/** The console's own modules `root` reaches by static imports, up to the packages. */
function staticClosure(ids: Iterable<string>, root: RegExp, importsOf: (id: string) => readonly string[]): Set<string> {
  const members = new Set<string>();
  const pending = [...ids].filter((id) => root.test(id));
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (members.has(id) || id.startsWith('\0') || /[\\/]node_modules[\\/]/.test(id)) continue;
    members.add(id);
    pending.push(...importsOf(id));
  }
  return members;
}

/** The plugins and groups of the renderer's chunking, for the repository at `root`. */
export function rendererChunking(root: string) {
  const members = new Map<string, Set<string>>(ownGroups.map((group) => [group.name, new Set<string>()]));
  const fromRoot = (id: string) => relative(root, id).split(sep).join('/');

  const groupMembers: Plugin = {
    name: 'palette:own-chunks',
    apply: 'build',
    buildEnd() {
      for (const group of ownGroups) {
        members.set(group.name, staticClosure(this.getModuleIds(), group.root, (id) => this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };

  const chunkMap: Plugin = {
    name: 'palette:chunk-map',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks: ChunkRecord[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules = output.moduleIds.filter((id) => !id.startsWith('\0')).map(fromRoot);
        if (output.facadeModuleId && !output.facadeModuleId.startsWith('\0')) modules.push(fromRoot(output.facadeModuleId));
        chunks.push({ file: output.fileName, name: output.name, isEntry: output.isEntry, modules: [...new Set(modules)], imports: output.imports, dynamicImports: output.dynamicImports });
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: `${JSON.stringify(chunks, null, 1)}\n` });
    },
  };

  return {
    plugins: [groupMembers, chunkMap],
    groups: [
      { name: 'framework', test: frameworkPackages, priority: 10 },
      // Only the members themselves: their packages keep automatic chunking (see above). A module in
      // both closures goes to `boot`, the group of higher priority.
      ...ownGroups.map((group) => ({ name: group.name, test: (id: string) => members.get(group.name)?.has(id) ?? false, priority: group.priority, includeDependenciesRecursively: false })),
    ],
  };
}
