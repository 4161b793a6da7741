import { ipcEvents, type IpcEventName, type IpcEventPayload } from '@contract/ipc';

/** One subscriber of the events main pushes to the renderer. */
export type IpcEventListener = <E extends IpcEventName>(event: E, payload: IpcEventPayload<E>) => void;

/**
 * The events main pushes to the renderer (`ipcEvents` of the contract), apart from how they travel.
 *
 * Services emit here; the desktop app forwards each event to its windows over IPC and the browser
 * edition's host to its server-sent event streams. Payloads are checked against the contract before
 * anyone sees them, so a service bug cannot push a malformed object into the renderer.
 */
export class EventHub {
  private readonly listeners = new Set<IpcEventListener>();

  emit<E extends IpcEventName>(event: E, payload: IpcEventPayload<E>): void {
    const parsed = ipcEvents[event].parse(payload) as IpcEventPayload<E>;
    for (const listener of [...this.listeners]) {
      try {
        listener(event, parsed);
      } catch {
        // One broken transport (a closed window, a dropped stream) must not stop the others.
      }
    }
  }

  /** Adds a listener; the returned function removes it. */
  subscribe(listener: IpcEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
