import type { BackendModule } from 'i18next';
import type { ContractMessages } from '@contract/i18n/en-US';
import { defaultLocale, isTranslated, type TranslatedLocale } from './locales';

/**
 * Where the console's texts come from, by namespace and language, each loaded when first needed
 * (issue 12: the sign-in screen downloads at most 150 KB of script, and every namespace of both
 * languages used to be a sixth of that):
 *
 * - `public`: what the sign-in page and its frame show, one small chunk per language;
 * - the renderer's other namespaces (i18n/<locale>/<namespace>.ts), each its own chunk, found by
 *   file name (`project-pages.ts` is `projectPages`; resources.ts lists the same files, a test
 *   keeps both in step);
 * - `contract`: the contract's errors, validation messages, status texts and units, loaded with a
 *   form's rules (`loadFormTexts` in i18n.ts);
 * - the declarations' labels (`resource`, `projects`, `access`, `system`, `config`), one chunk per
 *   language.
 *
 * The contract and label chunks are data computed at build time (scripts/renderer-precompute.ts):
 * their sources derive them from the declarations, whose schemas the texts do not need.
 *
 * The console loads every namespace before it renders (`loadConsoleTexts`), so its code keeps
 * reading any namespace at once, also outside React. A language switch loads the namespaces loaded
 * so far in the new language before it shows (i18next asks the backend again); chunks come from
 * the console's own origin, so neither needs a network connection.
 */

export const publicNamespaces = ['common', 'auth'] as const;

/** The contract's namespaces (contract/i18n): the tests check this list against the catalogue. */
export const contractNamespaces = ['errors', 'validation', 'http', 'units', 'operators'] as const satisfies ReadonlyArray<keyof ContractMessages>;

/** The declarations' namespaces (i18n/catalogues/labels-*.ts): the tests check this list too. */
export const labelNamespaces = ['resource', 'projects', 'access', 'system', 'config'] as const;

type Catalogue = Readonly<Record<string, object>>;
type Loader = () => Promise<Catalogue>;

const publicLoaders: Readonly<Record<TranslatedLocale, Loader>> = {
  'en-US': () => import('./catalogues/public-en-US').then((m) => m.default),
  'zh-CN': () => import('./catalogues/public-zh-CN').then((m) => m.default),
};

const contractLoaders: Readonly<Record<TranslatedLocale, Loader>> = {
  'en-US': () => import('./catalogues/contract-en-US').then((m) => m.messages),
  'zh-CN': () => import('./catalogues/contract-zh-CN').then((m) => m.messages),
};

const labelLoaders: Readonly<Record<TranslatedLocale, Loader>> = {
  'en-US': () => import('./catalogues/labels-en-US').then((m) => m.labels),
  'zh-CN': () => import('./catalogues/labels-zh-CN').then((m) => m.labels),
};

/** `project-pages` → `projectPages`. */
export function namespaceOfFile(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.ts$/, '');
  return base.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

type ModuleLoader = () => Promise<object>;

/** The renderer's namespace files by language (the public ones come with their group above). */
const rendererFiles: Readonly<Record<TranslatedLocale, Readonly<Record<string, ModuleLoader>>>> = {
  'en-US': import.meta.glob<object>(['./en-US/*.ts', '!./en-US/{auth,common}.ts'], { import: 'default' }),
  'zh-CN': import.meta.glob<object>(['./zh-CN/*.ts', '!./zh-CN/{auth,common}.ts'], { import: 'default' }),
};

function rendererLoader(locale: TranslatedLocale, namespace: string): Loader | null {
  const entry = Object.entries(rendererFiles[locale]).find(([path]) => namespaceOfFile(path) === namespace);
  if (!entry) return null;
  const load = entry[1];
  return () => load().then((texts) => ({ [namespace]: texts }));
}

/** The renderer's namespaces outside the public group, by name (from the files). */
export function rendererNamespaces(): string[] {
  return Object.keys(rendererFiles[defaultLocale]).map(namespaceOfFile);
}

/** The chunk that holds a namespace in a language. */
export function catalogueOf(locale: TranslatedLocale, namespace: string): Promise<Catalogue> {
  if ((publicNamespaces as readonly string[]).includes(namespace)) return publicLoaders[locale]();
  if ((contractNamespaces as readonly string[]).includes(namespace)) return contractLoaders[locale]();
  const renderer = rendererLoader(locale, namespace);
  if (renderer) return renderer();
  return labelLoaders[locale]();
}

/** The i18next backend reading the catalogues above. */
export const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const locale = isTranslated(language) ? language : defaultLocale;
    catalogueOf(locale, namespace).then(
      (catalogue) => callback(null, (catalogue[namespace] ?? {}) as never),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Every namespace the console shows. */
export function consoleNamespaces(): string[] {
  return [...publicNamespaces, ...rendererNamespaces(), ...contractNamespaces, ...labelNamespaces];
}
