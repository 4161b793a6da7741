import { type IpcHandlers } from './ipc/router';

/** Work that takes long enough for the operator to turn to something else meanwhile. */
export type LongWork =
  | { readonly kind: 'upload'; readonly ok: true; readonly name: string }
  | { readonly kind: 'upload'; readonly ok: false }
  | { readonly kind: 'publish'; readonly ok: boolean; readonly name: string | null };

/** API routes that publish: a configuration kind's `.publish` (to preview) and `.promote` (official). */
export function isPublishRoute(routeId: string): boolean {
  return /\.(publish|promote)$/.test(routeId);
}

function nameIn(data: unknown): string | null {
  const name = typeof data === 'object' && data !== null ? (data as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}

/**
 * Wraps the two handlers that do long work, `media.upload` and the publishing `api.call`s, so that
 * `report` hears how each ended. A cancelled upload is no news; an upload or publish that failed is
 * reported as failed. The answers themselves pass through unchanged.
 */
export function reportLongWork(handlers: IpcHandlers, report: ((work: LongWork) => void) | undefined): IpcHandlers {
  if (!report) return handlers;
  const upload: IpcHandlers['media.upload'] = async (input) => {
    try {
      const result = await handlers['media.upload'](input);
      if (result.status === 'uploaded') report({ kind: 'upload', ok: true, name: result.upload.name });
      return result;
    } catch (error) {
      report({ kind: 'upload', ok: false });
      throw error;
    }
  };
  const call: IpcHandlers['api.call'] = async (input) => {
    if (!isPublishRoute(input.routeId)) return handlers['api.call'](input);
    try {
      const envelope = await handlers['api.call'](input);
      report({ kind: 'publish', ok: envelope.code === 0, name: envelope.code === 0 ? nameIn(envelope.data) : null });
      return envelope;
    } catch (error) {
      report({ kind: 'publish', ok: false, name: null });
      throw error;
    }
  };
  return { ...handlers, 'media.upload': upload, 'api.call': call };
}
