import wasmUrl from 'libpag/wasm?url';

let wasm: Promise<ArrayBuffer> | null = null;

/**
 * libpag's WebAssembly module, fetched once per page from the console's own origin and handed to
 * every PAG player frame (the sandboxed player may fetch nothing itself).
 */
export function libpagWasm(): Promise<ArrayBuffer> {
  wasm ??= fetch(wasmUrl).then((response) => {
    if (!response.ok) throw new Error(`libpag.wasm: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  wasm.catch(() => {
    wasm = null;
  });
  return wasm;
}
