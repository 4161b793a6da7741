import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fromSnapshot, toSnapshot, type CompiledProject } from './compiled';
import type { KeyIndexSnapshot } from './keys';

/**
 * The last-known-good delivery state on disk: each project's compiled configuration and the index of
 * active client keys, written after every successful compile, read when the database cannot be
 * reached (also by a server that starts during an outage). Files are replaced atomically (written
 * beside, then renamed), so a crash mid-write leaves the previous good copy.
 *
 * What is kept: published documents (what the API serves to anyone holding a key anyway), SHA-256
 * hashes of client keys (as in the database), an HMAC of the pre-release password keyed with the
 * server's secret. No operator data, no secrets in clear. Files are written mode 0600 in a directory
 * of mode 0700: only the server's user reads them.
 */
export class LastKnownGood {
  private readonly writes = new Map<string, Promise<void>>();

  constructor(private readonly dir: string) {}

  private async write(name: string, value: unknown): Promise<void> {
    // One write per file at a time; a newer one waits for the older to finish and then replaces it.
    const previous = this.writes.get(name) ?? Promise.resolve();
    const next = previous.then(async () => {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      const path = join(this.dir, name);
      const temp = `${path}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify(value), { mode: 0o600 });
      // The mode given to writeFile applies only to a new file (and the umask may narrow it, never widen it):
      // a temp file left by a crash keeps its old mode unless set again.
      await chmod(temp, 0o600);
      await rename(temp, path);
    });
    const settled = next.catch(() => undefined);
    this.writes.set(name, settled);
    void settled.then(() => {
      if (this.writes.get(name) === settled) this.writes.delete(name);
    });
    return next;
  }

  private async read(name: string): Promise<unknown> {
    try {
      return JSON.parse(await readFile(join(this.dir, name), 'utf8')) as unknown;
    } catch {
      return null;
    }
  }

  saveProject(project: CompiledProject): Promise<void> {
    return this.write(`project-${project.projectId}.json`, toSnapshot(project));
  }

  async loadProject(projectId: string): Promise<CompiledProject | null> {
    if (!/^[0-9a-f-]{36}$/i.test(projectId)) return null;
    return fromSnapshot(await this.read(`project-${projectId}.json`));
  }

  saveKeys(index: KeyIndexSnapshot): Promise<void> {
    return this.write('client-keys.json', index);
  }

  async loadKeys(): Promise<KeyIndexSnapshot | null> {
    const value = (await this.read('client-keys.json')) as KeyIndexSnapshot | null;
    return value && value.format === 1 && Array.isArray(value.keys) ? value : null;
  }

  /** Waits for the writes under way (tests, shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.writes.values()]);
  }
}
