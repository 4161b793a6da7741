import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EmbeddedServerState } from '@contract/ipc';
import { type EmbeddedServer } from '../../main/src/embedded-server';
import { type Logger } from '../../main/src/logger';
import { restartDelay, ServerSupervisor, type ServerSupervisorOptions } from '../../main/src/server-supervisor';

/** A server process played by a promise: `end(how)` is the process going away. */
interface FakeServer extends EmbeddedServer {
  readonly port: number;
  stopped: boolean;
  end(how: string): void;
}

/** The supervisor's `start`, recording the ports asked for; queued failures make a start fail. */
function fakeStarts() {
  const servers: FakeServer[] = [];
  const ports: number[] = [];
  const failures: string[] = [];
  const held: Array<() => void> = [];
  let hold = false;
  let nextPort = 41_000;
  const start = vi.fn(async (port: number): Promise<EmbeddedServer> => {
    ports.push(port);
    if (hold) await new Promise<void>((resolve) => held.push(resolve));
    const failure = failures.shift();
    if (failure !== undefined) throw new Error(failure);
    const actual = port || nextPort++;
    let end: (how: string) => void = () => undefined;
    const ended = new Promise<string>((resolve) => {
      end = resolve;
    });
    const server: FakeServer = {
      url: `http://127.0.0.1:${actual}`,
      pid: 1_000 + servers.length,
      port: actual,
      ended,
      stopped: false,
      end: (how) => end(how),
      stop: async () => {
        server.stopped = true;
        end('exit code 0');
      },
    };
    servers.push(server);
    return server;
  });
  return {
    start,
    servers,
    ports,
    failures,
    last: () => servers.at(-1) as FakeServer,
    holdStarts: () => {
      hold = true;
    },
    releaseStarts: () => {
      hold = false;
      for (const release of held.splice(0)) release();
    },
  };
}

function recordingLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(`info ${message}`),
    warn: (message) => lines.push(`warn ${message}`),
    error: (message) => lines.push(`error ${message}`),
  };
}

/** Lets promise callbacks run (the fake timers hold only timers). */
const settle = () => vi.advanceTimersByTimeAsync(0);

let starts: ReturnType<typeof fakeStarts>;
let log: ReturnType<typeof recordingLog>;
let states: EmbeddedServerState[];

function supervisor(options: Partial<ServerSupervisorOptions> = {}): ServerSupervisor {
  const made = new ServerSupervisor({ start: starts.start, logPath: '/var/log/palette/server.log', portIsFree: async () => true, log, ...options });
  made.onDidChange((state) => states.push(state));
  return made;
}

beforeEach(() => {
  vi.useFakeTimers();
  starts = fakeStarts();
  log = recordingLog();
  states = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the restart back-off', () => {
  it('doubles from 0.5 s with each recent stop, up to its cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((crashes) => restartDelay(crashes))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(restartDelay(3, { firstMs: 100, maxMs: 250 })).toBe(250);
  });
});

describe('the server supervisor', () => {
  it('restarts a server that stopped unexpectedly after 0.5 s, 1 s, 2 s and 4 s, on the same port', async () => {
    const supervised = supervisor();
    const url = await supervised.start();
    expect(url).toBe('http://127.0.0.1:41000');
    expect(supervised.get()).toEqual({ status: 'running', crashes: 0, lastExit: null, logPath: '/var/log/palette/server.log' });

    for (const [index, delay] of [500, 1_000, 2_000, 4_000].entries()) {
      starts.last().end('SIGKILL');
      await settle();
      expect(supervised.get()).toMatchObject({ status: 'restarting', crashes: index + 1, lastExit: 'SIGKILL' });
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(starts.start).toHaveBeenCalledTimes(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(starts.start).toHaveBeenCalledTimes(index + 2);
      expect(supervised.get().status).toBe('running');
    }
    // Main keeps talking to the same address: the same port was asked for each time.
    expect(starts.ports).toEqual([0, 41_000, 41_000, 41_000, 41_000]);
    expect(supervised.url).toBe(url);
    expect(states.map((state) => state.status)).toEqual(['running', 'restarting', 'running', 'restarting', 'running', 'restarting', 'running', 'restarting', 'running']);
    expect(log.lines).toContain('warn The embedded server stopped unexpectedly (SIGKILL); restarting it in 500 ms (1 of 5 stops within 120 s)');
    expect(log.lines).toContain('info The embedded server runs again at http://127.0.0.1:41000 (pid 1001)');
  });

  it('starts nothing while the stopped server’s process is still there: only its end counts', async () => {
    const supervised = supervisor();
    await supervised.start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(starts.start).toHaveBeenCalledTimes(1);
    starts.last().end('exit code 1');
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    expect(starts.start).toHaveBeenCalledTimes(2);
  });

  it('gives up after 5 stops within 2 minutes, naming the log, and starts again only when asked', async () => {
    const supervised = supervisor();
    await supervised.start();
    const t0 = Date.now();
    for (const at of [0, 30_000, 60_000, 90_000, 119_999]) {
      await vi.advanceTimersByTimeAsync(t0 + at - Date.now());
      starts.last().end('exit code 134');
      await settle();
    }
    expect(supervised.get()).toEqual({ status: 'failed', crashes: 5, lastExit: 'exit code 134', logPath: '/var/log/palette/server.log' });
    expect(log.lines.at(-1)).toBe(
      'error The embedded server stopped unexpectedly (exit code 134), 5 times within 120 s: it is not restarted again until the operator tries again. Its log: /var/log/palette/server.log',
    );
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(starts.start).toHaveBeenCalledTimes(5);

    // "Try again": at once, with the earlier stops forgotten.
    expect(supervised.retry()).toMatchObject({ status: 'restarting', crashes: 0 });
    await settle();
    expect(starts.start).toHaveBeenCalledTimes(6);
    expect(supervised.get()).toMatchObject({ status: 'running', crashes: 0 });
    starts.last().end('SIGKILL');
    await settle();
    expect(supervised.get()).toMatchObject({ status: 'restarting', crashes: 1 });
  });

  it('keeps restarting when the fifth stop comes exactly 2 minutes after the first', async () => {
    const supervised = supervisor();
    await supervised.start();
    const t0 = Date.now();
    for (const at of [0, 30_000, 60_000, 90_000, 120_000]) {
      await vi.advanceTimersByTimeAsync(t0 + at - Date.now());
      starts.last().end('exit code 134');
      await settle();
    }
    // The first stop has left the window: four stops within it, so a restart after 4 s.
    expect(supervised.get()).toMatchObject({ status: 'restarting', crashes: 4 });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(supervised.get().status).toBe('running');
  });

  it('counts a restart that fails as a stop, with the first line of why', async () => {
    const supervised = supervisor();
    await supervised.start();
    starts.failures.push('The embedded server stopped before listening (exit code 1):\nError: could not open the database');
    starts.last().end('SIGSEGV');
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    expect(supervised.get()).toMatchObject({ status: 'restarting', crashes: 2, lastExit: 'The embedded server stopped before listening (exit code 1)' });
    await vi.advanceTimersByTimeAsync(999);
    expect(starts.start).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts.start).toHaveBeenCalledTimes(3);
    expect(supervised.get().status).toBe('running');
  });

  it('moves to a free port when another program took its own, and says where', async () => {
    let free = true;
    const supervised = supervisor({ portIsFree: async () => free });
    const moved: string[] = [];
    supervised.onDidChangeUrl((url) => moved.push(url));
    await supervised.start();
    free = false;
    starts.last().end('SIGKILL');
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    expect(starts.ports).toEqual([0, 0]);
    expect(supervised.url).toBe('http://127.0.0.1:41001');
    expect(moved).toEqual(['http://127.0.0.1:41001']);
    expect(log.lines).toContain('warn Port 41000 is taken by another program; the embedded server moves to a free port');
    // And stays on the new one from then on.
    free = true;
    starts.last().end('SIGKILL');
    await settle();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts.ports).toEqual([0, 0, 41_001]);
    expect(moved).toEqual(['http://127.0.0.1:41001']);
  });

  it('restarts at once when asked while waiting, and ignores "Try again" while it runs', async () => {
    const supervised = supervisor();
    await supervised.start();
    expect(supervised.retry().status).toBe('running');
    expect(starts.start).toHaveBeenCalledTimes(1);
    starts.last().end('SIGKILL');
    await settle();
    supervised.retry();
    await settle();
    expect(starts.start).toHaveBeenCalledTimes(2);
    expect(supervised.get()).toMatchObject({ status: 'running', crashes: 1 });
    // The back-off's timer was cancelled: nothing else starts.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(starts.start).toHaveBeenCalledTimes(2);
  });

  it('restarts nothing after a clean quit', async () => {
    const supervised = supervisor();
    await supervised.start();
    const server = starts.last();
    await supervised.stop();
    expect(server.stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(starts.start).toHaveBeenCalledTimes(1);
    expect(states.map((state) => state.status)).toEqual(['running']);
  });

  it('cancels a restart it was waiting for when the console quits', async () => {
    const supervised = supervisor();
    await supervised.start();
    starts.last().end('SIGKILL');
    await settle();
    await supervised.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(starts.start).toHaveBeenCalledTimes(1);
  });

  it('stops a server whose restart was under way when the console quit', async () => {
    const supervised = supervisor();
    await supervised.start();
    starts.holdStarts();
    starts.last().end('SIGKILL');
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    expect(starts.start).toHaveBeenCalledTimes(2);
    const stopping = supervised.stop();
    starts.releaseStarts();
    await stopping;
    expect(starts.last().stopped).toBe(true);
    expect(supervised.pid).toBeUndefined();
  });

  it('fails its first start as the embedded server does, so the console can say it cannot start', async () => {
    starts.failures.push('The embedded server did not start in time');
    await expect(supervisor().start()).rejects.toThrow('did not start in time');
  });
});
