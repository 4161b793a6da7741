import type { Database } from '../db/client';
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
 * The compiled configuration of each project, kept in memory: compiled on the first request for a
 * project and again after each change the process is told of. Two requests during a compile share it;
 * a change during a compile discards the result (the next request compiles afresh).
 */
export class DeliveryStore {
  private readonly compiled = new Map<string, Promise<CompiledProject>>();
  private readonly generation = new Map<string, number>();

  constructor(
    private readonly db: Database,
    changes: ConfigChanges,
  ) {
    changes.on((projectId) => this.invalidate(projectId));
  }

  invalidate(projectId: string): void {
    this.generation.set(projectId, (this.generation.get(projectId) ?? 0) + 1);
    this.compiled.delete(projectId);
  }

  project(projectId: string): Promise<CompiledProject> {
    const cached = this.compiled.get(projectId);
    if (cached) return cached;
    const generation = this.generation.get(projectId) ?? 0;
    const pending = compileProject(this.db, projectId);
    this.compiled.set(projectId, pending);
    const forget = () => {
      if (this.compiled.get(projectId) === pending) this.compiled.delete(projectId);
    };
    pending.then(() => {
      // Changed while compiling: this result may predate the change, so the next request compiles.
      if ((this.generation.get(projectId) ?? 0) !== generation) forget();
    }, forget);
    return pending;
  }
}
