/** Vite answers `?url` imports with the built file's address (see electron.vite.config.ts). */
declare module '*?url' {
  const url: string;
  export default url;
}

/** Vite's CSS modules: the class names of a `*.module.css` file (used where Griffel's run-time cost matters, issue 12). */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

/** Vite's `import.meta.glob` (lazy form): the matching modules' loaders by path (i18n/catalogues.ts). */
interface ImportMeta {
  glob<T>(patterns: string | readonly string[], options: { readonly import: string }): Record<string, () => Promise<T>>;
}
