/**
 * An error that carries a contract error code across the main process.
 *
 * A plain `Error` thrown across IPC reaches the renderer as a message only, so every failure a
 * handler means to report is raised as an `AppFailure` and turned into an `IpcResult` by the IPC
 * wrapper; anything else is reported as an internal error (1005) without its details.
 */
export class AppFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppFailure';
  }
}
