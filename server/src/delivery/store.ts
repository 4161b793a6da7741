import type { Database } from '../db/client';
import type { Clock } from '../shared/clock';
import { compileProject, type CompiledProject } from './compiled';

/**
 * Told after a configuration change has committed, with the project it changed (publish, promote,
 * unpublish, rollback, reorder, delete, restore, purge). Delivery listens to recompile.
 */
export class ConfigChanges {
  private readonly listeners = new Set<(projectId: string) => void>();

  on(listener: (projectId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(projectId: string): void {
    for (const listener of this.listeners) listener(projectId);
  }
}

/**
 * How long a compiled project is trusted without news of a change: other server processes on the same
 * database publish without telling this one (until LISTEN/NOTIFY does), so it recompiles at least
 * this often and converges within it.
 */
export const COMPILED_TTL_MS = 30_000;

/**
 * The compiled configuration of each project, kept in memory: compiled on the first request for a
 * project, again after each change this process is told of, and at the latest COMPILED_TTL_MS after
 * the last compile. Two requests during a compile share it; a change during a compile discards the
 * result (the next request compiles afresh).
 */
export class DeliveryStore {
  private readonly compiled = new Map<string, { readonly at: number; readonly project: Promise<CompiledProject> }>();
  private readonly generation = new Map<string, number>();

  constructor(
    private readonly db: Database,
    changes: ConfigChanges,
    private readonly clock: Clock,
    private readonly ttlMs = COMPILED_TTL_MS,
  ) {
    changes.on((projectId) => this.invalidate(projectId));
  }

  invalidate(projectId: string): void {
    this.generation.set(projectId, (this.generation.get(projectId) ?? 0) + 1);
    this.compiled.delete(projectId);
  }

  project(projectId: string): Promise<CompiledProject> {
    const now = this.clock().getTime();
    const cached = this.compiled.get(projectId);
    if (cached && now - cached.at < this.ttlMs) return cached.project;
    const generation = this.generation.get(projectId) ?? 0;
    const pending = compileProject(this.db, projectId);
    const entry = { at: now, project: pending };
    this.compiled.set(projectId, entry);
    const forget = () => {
      if (this.compiled.get(projectId) === entry) this.compiled.delete(projectId);
    };
    pending.then(() => {
      // Changed while compiling: this result may predate the change, so the next request compiles.
      if ((this.generation.get(projectId) ?? 0) !== generation) forget();
    }, forget);
    return pending;
  }
}
