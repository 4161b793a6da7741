import type { PaletteBridge } from '@contract/ipc';

declare global {
  interface Window {
    /**
     * The desktop edition's preload exposes the IPC contract here. It is absent in the browser
     * edition, where `getBridge()` builds the same interface over HTTP instead.
     */
    palette?: PaletteBridge;
  }

  /**
   * Build stamp of this renderer bundle, defined by the build (electron.vite.config.ts). Compared
   * with `app.info().rendererBuild` to tell the operator that newer content is being served.
   * Undefined in an unstamped build: read it through `compiledRendererBuild()`.
   */
  const __RENDERER_BUILD__: string | undefined;
}

export {};
