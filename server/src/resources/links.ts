import type { FieldErrors } from '@contract/envelope';
import type { Link } from '@contract/resources/projects';

const keyOfKind: Readonly<Record<Link['kind'], string>> = {
  entitlement: 'validation.linkedEntitlement',
  offering: 'validation.linkedOffering',
  sku: 'validation.linkedSku',
  user: 'validation.linkedUser',
  team: 'validation.linkedTeam',
};

/**
 * The links a forced delete would remove, as field errors of a 102010 (or 105003) refusal:
 * `links.0`, `links.1`, ... each `{ key: validation.linked<Kind>, params: { kind, id, name } }`.
 *
 * Field errors, not `data`, because they are the one part of a refusal every client keeps (main's API
 * client passes code, message and field errors to the console); the console lists them in its
 * "delete anyway?" confirmation, localized by key.
 */
export function linksToFieldErrors(links: readonly Link[]): FieldErrors {
  return Object.fromEntries(links.map((link, index) => [`links.${index}`, { key: keyOfKind[link.kind], params: { kind: link.kind, id: link.id, name: link.name } }]));
}
