/**
 * Where the console shows a configuration kind's list (no `id`) or one item's editor, in a project:
 * `/management/<projectId>/<segment>[/<id>]` for a Management kind, or a universal tool's
 * `/universal-tool/<segment>[/<id>]?project=<projectId>` (its menu is global; the project travels in
 * the address). Imports nothing, so the console's first screen (pending changes, the frame) can
 * link to an item without loading the kinds' schemas.
 */
export function configItemPath(kind: { readonly consolePath: string }, projectId: string, id?: string): string {
  const tail = id === undefined ? '' : `/${encodeURIComponent(id)}`;
  if (kind.consolePath.includes(':projectId')) return `${kind.consolePath.replace(':projectId', encodeURIComponent(projectId))}${tail}`;
  return `${kind.consolePath}${tail}?project=${encodeURIComponent(projectId)}`;
}
