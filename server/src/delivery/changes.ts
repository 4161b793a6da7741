/**
 * What the delivery API must hear about after a change has committed:
 * - `config`: a project's published configuration or its delivery settings changed (publish, promote,
 *   unpublish, rollback, reorder, delete, restore, purge, the pre-release password, a preview link);
 * - `keys`: client keys were created or revoked, or an app left or came back from the trash;
 * - `all`: anything may have changed (a process that lost its notifications for a while).
 */
export type DeliveryChange = { readonly type: 'config'; readonly projectId: string } | { readonly type: 'keys' } | { readonly type: 'all' };

/**
 * The bus of delivery changes inside one server process. Domains emit after their transaction
 * commits; the delivery store listens. A relay (pg-relay.ts) forwards what this process emits to the
 * other processes on the same PostgreSQL and emits theirs here, marked `remote` so it is not sent back.
 */
export class ConfigChanges {
  private readonly listeners = new Set<(change: DeliveryChange) => void>();
  private readonly outbound = new Set<(change: DeliveryChange) => void>();

  /** Listens to every change, local or remote. */
  on(listener: (change: DeliveryChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listens to the changes made in this process only (what a relay sends on). */
  onLocal(listener: (change: DeliveryChange) => void): () => void {
    this.outbound.add(listener);
    return () => this.outbound.delete(listener);
  }

  /** A project's configuration changed in this process. */
  emit(projectId: string): void {
    this.publish({ type: 'config', projectId });
  }

  /** Tells every listener; a local change also goes to the relays. */
  publish(change: DeliveryChange, origin: 'local' | 'remote' = 'local'): void {
    for (const listener of this.listeners) listener(change);
    if (origin === 'local') for (const relay of this.outbound) relay(change);
  }
}
