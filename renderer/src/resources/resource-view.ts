import type { z } from 'zod';
import type { AnyResource, ResourceItem } from '@contract/resources/define';
import type { DeriveOptions } from './columns';
import type { ResourceRecord } from './data-provider';

/**
 * How a domain shows one of its resources with the generic pieces: the declaration, the name an
 * item goes by in confirmations and notices, and the few choices a generic list or form cannot
 * guess (columns to add or leave out, fields set by the screen, schemas of custom create or update
 * bodies, resources whose lists show this one's data).
 *
 * `T` is the item type of the resource (`defineView` infers it from the declaration), so the
 * screens' cells, actions and details read typed rows. `nameOf` is a method so that a typed view
 * is still a `ResourceView` where generic code takes any view.
 */
export interface ResourceView<T extends ResourceRecord = ResourceRecord> {
  readonly resource: AnyResource;
  /** The item's name in confirmations and notices (“Pro Yearly”). */
  nameOf(item: T): string;
  readonly columns?: DeriveOptions;
  /** Form fields the screen sets (not shown). */
  readonly hiddenFields?: readonly string[];
  /** Values a new item starts with. */
  readonly defaults?: Readonly<Record<string, unknown>>;
  /** The create body's schema when it is not the declaration's (projects: name and icon only). */
  readonly createSchema?: z.ZodType;
  /** Checks the item an update would produce; the declaration's editable schema by default. */
  readonly updateSchema?: z.ZodType;
  /** Resources whose lists show this one's data: refetched after a change. */
  readonly related?: readonly string[];
  /** The i18n key of the delete question, with `{{name}}` (a project says what else goes with it). */
  readonly deleteConfirmKey?: string;
}

/** The usual name of an item: its name, identifier, URL or email, else its id. */
export function defaultNameOf(item: ResourceRecord): string {
  for (const key of ['name', 'identifier', 'url', 'email', 'storeProductId']) {
    const value = item[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return item.id;
}

/** The row type of a declared resource: its item schema's output, as the generic pieces see rows. */
export type RowOf<R> = ResourceItem<R> & ResourceRecord;

/** A view typed by its declaration: `defineView(skuResource, { nameOf: (sku) => sku.name, ... })`. */
export function defineView<R extends AnyResource>(resource: R, view: Omit<ResourceView<RowOf<R>>, 'resource'>): ResourceView<RowOf<R>> {
  return { ...view, resource };
}
