import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { NODE_SERVER_FLAGS, startEmbeddedServer, type EmbeddedServer } from '../main/src/embedded-server';
import { buildServer } from '../server/build';

/**
 * `BENCH_ONLY=embedded npm run bench`: the console's embedded server as the browser edition starts
 * it (main/src/embedded-server.ts: the built server in a Node child process with NODE_SERVER_FLAGS,
 * on a data directory of its own with the demo data), measured from outside its process:
 * - peak resident size during its first start (the database is created, migrated and seeded);
 * - resident size at rest (after BENCH_EMBEDDED_SETTLE_MS, 5 s by default) after a restart;
 * - time from spawn to the first 200 from /healthz on a restart.
 * Restarts are measured BENCH_EMBEDDED_RUNS times (3 by default); the median and the worst are
 * printed. Goals (issue 18): ≤ 250 MB at rest, ≤ 1.5 s to /healthz.
 *
 * Resident size is read from /proc/<pid>/status on Linux (VmRSS, and VmHWM for the peak, which the
 * kernel keeps exactly); elsewhere `ps` is sampled every 25 ms, which can miss a short peak.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_EMBEDDED_RUNS ?? 3);
const SETTLE_MS = Number(process.env.BENCH_EMBEDDED_SETTLE_MS ?? 5_000);
const GOAL_REST_MB = 250;
const GOAL_HEALTHZ_MS = 1_500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident size now and its peak so far, in MB, of process `pid`. */
class ResidentSize {
  private sampledPeak = 0;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(private readonly pid: number) {
    if (process.platform !== 'linux') {
      this.timer = setInterval(() => {
        this.sampledPeak = Math.max(this.sampledPeak, this.readPs());
      }, 25);
    }
  }

  private readPs(): number {
    try {
      return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(this.pid)], { encoding: 'utf8' }).trim()) / 1024;
    } catch {
      return 0;
    }
  }

  private readProc(field: 'VmRSS' | 'VmHWM'): number {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    if (!kb) throw new Error(`no ${field} in /proc/${this.pid}/status`);
    return Number(kb) / 1024;
  }

  now(): number {
    return process.platform === 'linux' ? this.readProc('VmRSS') : this.readPs();
  }

  peak(): number {
    return process.platform === 'linux' ? this.readProc('VmHWM') : Math.max(this.sampledPeak, this.now());
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

interface StartFigures {
  readonly healthzMs: number;
  readonly peakMb: number;
  readonly restMb: number;
}

/** Starts the server on `dataDir`, waits for /healthz and the settle time, reads its figures, stops it. */
async function startOnce(dataDir: string, env: NodeJS.ProcessEnv): Promise<StartFigures> {
  const spawned = performance.now();
  let server: EmbeddedServer | null = null;
  try {
    server = await startEmbeddedServer({ root, env, defaultDataDir: dataDir, announce: () => undefined, startTimeoutMs: 180_000 });
    if (server.pid === undefined) throw new Error('the embedded server has no process id');
    const size = new ResidentSize(server.pid);
    try {
      for (;;) {
        const reply = await fetch(`${server.url}/healthz`).catch(() => null);
        if (reply?.ok) break;
        await sleep(10);
      }
      const healthzMs = performance.now() - spawned;
      await sleep(SETTLE_MS);
      return { healthzMs, peakMb: size.peak(), restMb: size.now() };
    } finally {
      size.stop();
    }
  } finally {
    await server?.stop();
  }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export async function benchEmbedded(): Promise<void> {
  process.stdout.write(`\nEmbedded server (built, Node child process ${NODE_SERVER_FLAGS.join(' ')}, own data directory with the demo data)\n`);
  await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'palette-bench-embedded-'));
  // The embedded database and no mail server, whatever this shell has set.
  const { DATABASE_URL: _database, SMTP_URL: _smtp, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    ADMIN_EMAIL: 'admin@palette.local',
    ADMIN_PASSWORD: `Bench${randomBytes(4).toString('hex')}`,
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
  };
  try {
    const first = await startOnce(dataDir, env);
    const restarts: StartFigures[] = [];
    for (let run = 0; run < RUNS; run += 1) restarts.push(await startOnce(dataDir, env));
    const mb = (value: number) => `${value.toFixed(0)} MB`;
    const rows: ReadonlyArray<readonly [string, string, string, string]> = [
      ['first start: peak resident size', mb(first.peakMb), '', ''],
      ['first start: resident size at rest', mb(first.restMb), '', ''],
      ['first start: spawn to /healthz', `${first.healthzMs.toFixed(0)} ms`, '', ''],
      [`restart: resident size at rest (median of ${RUNS})`, mb(median(restarts.map((r) => r.restMb))), mb(Math.max(...restarts.map((r) => r.restMb))), `≤ ${GOAL_REST_MB} MB`],
      ['restart: peak resident size', mb(median(restarts.map((r) => r.peakMb))), mb(Math.max(...restarts.map((r) => r.peakMb))), ''],
      [`restart: spawn to /healthz (median of ${RUNS})`, `${median(restarts.map((r) => r.healthzMs)).toFixed(0)} ms`, `${Math.max(...restarts.map((r) => r.healthzMs)).toFixed(0)} ms`, `≤ ${GOAL_HEALTHZ_MS} ms`],
    ];
    process.stdout.write(`${''.padEnd(46)} ${'value'.padStart(9)} ${'worst'.padStart(9)} ${'goal'.padStart(10)}\n`);
    for (const [label, value, worst, goal] of rows) process.stdout.write(`${label.padEnd(46)} ${value.padStart(9)} ${worst.padStart(9)} ${goal.padStart(10)}\n`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
