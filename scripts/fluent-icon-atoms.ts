import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Plugin } from 'vite';

/**
 * Imports of single icons from `@fluentui/react-icons` rewritten to the package's per-icon modules
 * (`@fluentui/react-icons/svg/<icon>`), in our code and in Fluent's components: what Next.js does
 * for this package with `optimizePackageImports`.
 *
 * The package's index spreads its icons over a few hundred shared modules, each holding many
 * icons; a bundle keeps every icon a module's users take, so a chunk that needs two icons carried
 * the console's other icons of the same modules with it (a field's three status icons brought
 * about 2 KB of menu icons into the sign-in screen; issue 12's budgets). Per-icon modules hold one
 * icon in its sizes and styles. Names that are no icon (`bundleIcon`, types) stay on the index, and
 * so does an icon without its module (the rewrite checks the file).
 */

const iconsImport = /import\s*\{([^}]*)\}\s*from\s*(['"])@fluentui\/react-icons\2;?/g;
const iconName = /^([A-Z][A-Za-z]*?)(?:\d+)?(?:Filled|Regular|Color|Light)$/;

/** `CheckmarkCircle12Filled` → `checkmark-circle`; null for a name that is no icon. */
export function iconModuleOf(name: string): string | null {
  const match = iconName.exec(name);
  if (!match?.[1]) return null;
  return match[1].replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z])([A-Z][a-z])/g, '$1-$2').toLowerCase();
}

/** `code` with its icon imports rewritten; `exists` says whether a per-icon module is there. */
export function rewriteIconImports(code: string, exists: (module: string) => boolean): string {
  return code.replace(iconsImport, (whole, list: string) => {
    const specifiers = list
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (specifiers.some((specifier) => specifier.startsWith('type '))) return whole;
    const rest: string[] = [];
    const atoms: string[] = [];
    for (const specifier of specifiers) {
      const imported = specifier.split(/\s+as\s+/)[0] ?? specifier;
      const module = iconModuleOf(imported);
      if (module && exists(module)) atoms.push(`import { ${specifier} } from '@fluentui/react-icons/svg/${module}';`);
      else rest.push(specifier);
    }
    if (atoms.length === 0) return whole;
    // On one line: the rest of the module keeps its line numbers (and its source map stays right).
    return [...atoms, ...(rest.length > 0 ? [`import { ${rest.join(', ')} } from '@fluentui/react-icons';`] : [])].join(' ');
  });
}

/** The plugin, for the repository at `root`. */
export function fluentIconAtoms(root: string): Plugin {
  const atoms = join(root, 'node_modules', '@fluentui', 'react-icons', 'lib', 'atoms', 'svg');
  const known = new Map<string, boolean>();
  const exists = (module: string) => {
    let found = known.get(module);
    if (found === undefined) {
      found = existsSync(join(atoms, `${module}.js`));
      known.set(module, found);
    }
    return found;
  };
  return {
    name: 'palette:fluent-icon-atoms',
    apply: 'build',
    transform: {
      filter: { code: '@fluentui/react-icons' },
      handler(code, id) {
        if (id.includes('/node_modules/@fluentui/react-icons/')) return null;
        if (!/\.(?:[cm]?js|tsx?)$/.test(id.split('?')[0] ?? id)) return null;
        const next = rewriteIconImports(code, exists);
        return next === code ? null : { code: next, map: null };
      },
    },
  };
}
