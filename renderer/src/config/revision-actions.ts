import type { ConfigRevision } from '@contract/config';

/**
 * Which rollbacks a revision offers in the item's history: "Roll back to N" (make it official again)
 * only when it is not already the official one, "Preview again" only when it is not already in
 * preview. Issue 19 §5: the revision already live offered to be rolled back to.
 */
export function revisionActions(revision: Pick<ConfigRevision, 'environments'>): { readonly rollback: boolean; readonly previewAgain: boolean } {
  return { rollback: !revision.environments.includes('official'), previewAgain: !revision.environments.includes('preview') };
}
