/**
 * The main process's log, on stderr.
 *
 * Stdout is reserved for the few lines other programs read (the browser edition's address, the
 * first administrator's credentials), so everything else goes to stderr. Callers pass messages and
 * error codes, never tokens, passwords or request bodies.
 */
export interface Logger {
  readonly info: (message: string) => void;
  readonly warn: (message: string) => void;
  readonly error: (message: string, error?: unknown) => void;
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : '';
}

/**
 * A logger whose lines carry a timestamp, a level and the part of main that wrote them.
 *
 * Deliberately tiny: main logs rarely (start, failures, refusals), and a logging library would be
 * one more place where a careless `log(request)` could print a token.
 */
export function createLogger(scope: string, write: (line: string) => void = (line) => process.stderr.write(line + '\n')): Logger {
  const line = (level: string, message: string) => write(`[${new Date().toISOString()}] ${level} ${scope}: ${message}`);
  return {
    info: (message) => line('info', message),
    warn: (message) => line('warn', message),
    error: (message, error) => line('error', error === undefined ? message : `${message} (${describe(error)})`),
  };
}

/** A logger that drops everything; tests pass it where output would only be noise. */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
