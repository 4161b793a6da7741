/** Vite answers `?url` imports with the built file's address (see electron.vite.config.ts). */
declare module '*?url' {
  const url: string;
  export default url;
}
