import { utilityProcess } from 'electron';
import { type ServerLauncher } from './embedded-server';

/** How long to wait, after the process exited, for the rest of its output. */
const DRAIN_MS = 1_000;

function ended(stream: NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
}

/**
 * The desktop app's launcher: the server in an Electron utility process.
 *
 * A packaged app has its RunAsNode fuse off, so the Electron binary can no longer be run as plain
 * Node (ELECTRON_RUN_AS_NODE) and no separate Node is installed on an operator's machine; a utility
 * process is Electron's own Node child, started from the app's code and able to read its app.asar.
 * It has no signal of its own choosing: `kill()` sends SIGTERM on POSIX (the server flushes its
 * database) and ends the process on Windows; a forced stop sends SIGKILL.
 */
export const utilityProcessLauncher: ServerLauncher = (launch) => {
  const child = utilityProcess.fork(launch.modulePath, [], {
    execArgv: [...launch.execArgv],
    cwd: launch.cwd,
    env: launch.env,
    stdio: 'pipe',
    serviceName: 'Palette API server',
  });
  // Electron sets both to null once the process has exited; keep them for the last lines.
  const { stdout, stderr } = child;
  if (!stdout || !stderr) throw new Error('the utility process has no output pipes');
  let exitCode: number | null = null;
  // Listened to from the start: the output may end before the process is reported gone.
  const drained = Promise.all([ended(stdout), ended(stderr)]);
  const closed = new Promise<string>((resolve) => {
    child.once('exit', (code) => {
      exitCode = code;
      const timeout = new Promise<void>((done) => setTimeout(done, DRAIN_MS).unref());
      void Promise.race([drained, timeout]).then(() => resolve(`exit code ${code}`));
    });
  });
  return {
    // Known once Electron reports the process spawned; read when the server says it listens.
    get pid() {
      return child.pid;
    },
    stdout,
    stderr,
    get exited() {
      return exitCode !== null;
    },
    terminate: () => void child.kill(),
    kill: () => {
      if (process.platform === 'win32' || child.pid === undefined) {
        child.kill();
        return;
      }
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
    onClose: (listener) => void closed.then(listener),
    onError: (listener) => void child.once('error', (type, location) => listener(new Error(`${type} at ${location}`))),
  };
};
