import { z } from 'zod';
import { listQuerySchema } from '../envelope';
import { menuDef, type Area, type MenuId } from '../permissions';
import { isoDateTimeSchema, timeRangeCheck } from '../validation';

/**
 * Resources declared once (docs/ARCHITECTURE.md "Resources: declared once").
 *
 * `defineResource` takes an entity's editable fields (a zod object) and their field metadata and
 * derives everything both sides need: the item the API returns (editable fields plus id, version,
 * enabled, state, sort order, trash and audit fields), the create and update inputs, the list query
 * with its filters, and the sort and search fields. contract/resources/routes.ts turns a resource
 * into its standard routes; the server's generic repository and the console's generic list and form
 * read the same declaration.
 *
 * A served resource also states its `wiring` (`ResourceWiring`): where it lives (one project or the
 * whole console), its route segment, permission area and menu, its not-found and already-exists codes
 * and its audit entity. From that the routes (paths, tags, access), the server's repository config,
 * its registration and the meaning of its unique indexes are derived; nobody restates them.
 */

/** How a field is edited in a form (and shown in a list). */
export const fieldInputs = [
  'text',
  'textarea',
  'number',
  'select',
  'multiselect',
  'switch',
  'datetime',
  'colour',
  'json',
  'url',
  'email',
  'file',
] as const;
export type FieldInput = (typeof fieldInputs)[number];

/** One choice of a select field: the stored value and the i18n key of its label. */
export interface FieldOption {
  readonly value: string;
  readonly labelKey: string;
}

/** How a list filters by a field: contains-text, one of the options, or a min/max range. */
export type FieldFilter = 'text' | 'select' | 'range';

/**
 * Metadata of one field. Label and help keys are i18n keys in the domain's namespace
 * (`projects:sku.fields.name`), whose texts are in contract/resources/<domain>.labels.ts.
 */
export interface FieldMeta {
  readonly labelKey: string;
  readonly input: FieldInput;
  /** Choices of `select` / `multiselect`; absent when the console loads them (an app, a SKU). */
  readonly options?: readonly FieldOption[];
  /** Shown as a list column (with its width in pixels and whether the list can sort by it). */
  readonly list?: { readonly width?: number; readonly sortable?: boolean };
  readonly filter?: FieldFilter;
  /** Matched by the list's `q` search (case-insensitive, anywhere in the text). */
  readonly searchable?: boolean;
  /** Set when the item is created, never changed after (an app's platform). */
  readonly readOnly?: boolean;
  readonly helpKey?: string;
  /**
   * A money amount: the field of the same item holding its ISO 4217 currency code. Lists show the
   * amount in that currency's format, in the operator's locale (issue 12: 14.70 USD read "14.7").
   */
  readonly currencyField?: string;
}

/** The derived state of a time-bound item (spec §4). */
export const itemStates = ['notStarted', 'inProgress', 'over'] as const;
export type ItemState = (typeof itemStates)[number];
export const itemStateSchema = z.enum(itemStates, { error: 'validation.enum' });

/**
 * The state of a time-bound item at `now`: Not Started before its start, Over from its end on, In
 * Progress in between (an open end never ends).
 */
export function deriveState(startsAt: string | Date, endsAt: string | Date | null | undefined, now: Date): ItemState {
  const start = new Date(startsAt).getTime();
  const t = now.getTime();
  if (t < start) return 'notStarted';
  if (endsAt !== null && endsAt !== undefined && t >= new Date(endsAt).getTime()) return 'over';
  return 'inProgress';
}

/** Who created or last changed an item (null once that account is gone). */
export const actorSchema = z.object({ id: z.string(), name: z.string() }).nullable();
export type Actor = z.infer<typeof actorSchema>;

/** An id in a path or a body: the server's UUIDs. */
export const idSchema = z.uuid({ error: 'validation.id' });

/** The fields every item carries besides its own, filled by the server. */
export const systemItemShape = {
  id: z.string(),
  version: z.number().int(),
  enabled: z.boolean(),
  /** Time-bound resources only. */
  state: itemStateSchema.optional(),
  /** Orderable resources only: the position in the operator's order (ascending). */
  sortOrder: z.number().int().optional(),
  /** Resources with a trash only: when the item was moved there (null outside the trash). */
  deletedAt: z.string().nullable().optional(),
  createdBy: actorSchema,
  updatedBy: actorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
};
export type SystemItemShape = typeof systemItemShape;

/** The fields of a time-bound resource's schema: spread them into the editable schema. */
export const timeBoundShape = {
  startsAt: isoDateTimeSchema,
  endsAt: isoDateTimeSchema.nullable().optional(),
};

/**
 * A query flag: `true`/`false` as text (how a query string carries it) or a boolean (how a caller in
 * code passes it).
 */
export const queryBooleanSchema = z.preprocess(
  (v) => (v === 'true' || v === true ? true : v === 'false' || v === false ? false : v),
  z.boolean({ error: 'validation.type' }),
);

/**
 * A multi-value query filter: repeated keys (`?platform=ios&platform=android`) or one comma-separated
 * value; parsed into an array either way, so a parsed query re-parses to itself.
 */
export function queryListSchema<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s !== '') : v),
    z.array(item).min(1).max(50),
  );
}

const queryNumberSchema = z.coerce.number({ error: 'validation.number' }).refine(Number.isFinite, { error: 'validation.number' });

type Shape = z.ZodRawShape;

/**
 * Where a resource lives. `project`: each project has its own items, under
 * `/api/v1/projects/:projectId/<segment>`, read and written by the project's members as their area
 * allows. `global`: one list for the whole console (countries, languages), under
 * `/api/v1/system/<segment>`, read by every signed-in operator and written by global administrators.
 */
export type ResourceScope = 'project' | 'global';

/**
 * The facts only the declaration knows about serving a resource (docs/ARCHITECTURE.md "What a new
 * resource costs"). Everything else (base path, tags, access rules, repository config, unique index
 * meanings) is derived from these.
 */
export type ResourceWiring = {
  /** Path segment of its routes (`skus`); its server table carries the resource's `name`. */
  readonly segment: string;
  /**
   * The menu (contract/permissions.ts) whose screen shows it, checked to agree with `area`; null
   * when it has none of its own (offerings show in a project tab that follows their route's access).
   */
  readonly menu: MenuId | null;
  /** The code for an id that is not one of the items (102003 for SKUs, ...). */
  readonly notFound: number;
  /** The code for a duplicate of a `uniqueBy` rule (one without a code of its own). */
  readonly exists: number;
  /** The audit log's name for the entity (`sku`). */
  readonly auditEntity: string;
} & ({ readonly scope: 'project'; readonly area: Area } | { readonly scope: 'global'; readonly area?: undefined });

/**
 * One uniqueness rule among items not in the trash, enforced by a unique index the server derives from
 * it (server/src/db/resource-indexes.ts), whose violation answers `code` (the resource's `exists` by
 * default) with a `validation.duplicate` field error on the rule's fields that can still be edited.
 */
export interface UniqueRule<K extends string = string> {
  readonly fields: readonly K[];
  readonly code?: number;
  /** Values differing only in letter case count as the same (names, language codes). */
  readonly ignoreCase?: boolean;
  /**
   * Project resources: unique across every project (an app's bundle id), not within each one;
   * also for rules whose first field already names something inside one project (a SKU's app).
   */
  readonly acrossProjects?: boolean;
}

/** A list order: a sortable field and its direction. */
export interface ResourceSort {
  readonly field: string;
  readonly dir: 'asc' | 'desc';
}

/** The declaration passed to `defineResource`. */
export interface ResourceConfig<
  N extends string,
  S extends Shape,
  X extends Shape,
  T extends boolean = boolean,
  O extends boolean = boolean,
  W extends ResourceWiring | undefined = ResourceWiring | undefined,
> {
  /** Route and query-key prefix (`skus`), also the audit log's entity name. */
  readonly name: N;
  /** i18n key of the entity's name (singular), for titles and confirmations. */
  readonly labelKey: string;
  /** The editable fields. Time-bound resources spread `timeBoundShape` into it. */
  readonly schema: z.ZodObject<S>;
  /** Fields the server computes (read-only in forms), e.g. an entitlement's linked SKU ids. */
  readonly extra?: z.ZodObject<X>;
  readonly fields: { readonly [K in keyof NoInfer<S> | keyof NoInfer<X>]: FieldMeta };
  readonly timeBound?: boolean;
  readonly orderable?: O;
  readonly trash?: T;
  /**
   * The order of a list that asks for none (a sortable field), instead of the newest first; e.g. the
   * countries by code, which were created together and so came in no visible order (issue 19 §5).
   */
  readonly defaultSort?: ResourceSort;
  /**
   * Field sets that must be unique among items not in the trash: a list of fields (the resource's
   * `exists` code, exact values) or a `UniqueRule`. The server derives the unique indexes from them.
   */
  readonly uniqueBy?: ReadonlyArray<ReadonlyArray<keyof S & string> | UniqueRule<keyof S & string>>;
  /** How the resource is served; absent for entities served by hand-written routes (projects). */
  readonly wiring?: W;
  /**
   * Rules across fields, checked on create and on the item an update would produce (the server
   * merges the stored item with the patch before checking).
   */
  readonly refine?: (value: z.output<z.ZodObject<S>>, ctx: z.RefinementCtx) => void;
}

/** Filters of a list, by query key. */
export interface ResourceFilter {
  readonly field: string;
  readonly kind: FieldFilter;
  /** Query keys: the field itself (text, select), or `<field>Min` and `<field>Max` (range). */
  readonly keys: readonly string[];
}

type ItemShape<S extends Shape, X extends Shape> = S & X & SystemItemShape;

type UpdateShape<S extends Shape> = { [K in keyof S]: z.ZodOptional<S[K]> } & {
  enabled: z.ZodOptional<z.ZodBoolean>;
  version: z.ZodNumber;
};

type ListShape = typeof listQuerySchema.shape & {
  trashed: z.ZodOptional<typeof queryBooleanSchema>;
  enabled: z.ZodOptional<typeof queryBooleanSchema>;
  state: z.ZodOptional<ReturnType<typeof queryListSchema<typeof itemStateSchema>>>;
};

/** A declared resource: the config plus everything derived from it. */
export interface Resource<
  N extends string = string,
  S extends Shape = Shape,
  X extends Shape = Shape,
  T extends boolean = boolean,
  O extends boolean = boolean,
  W extends ResourceWiring | undefined = ResourceWiring | undefined,
> {
  readonly name: N;
  readonly labelKey: string;
  readonly fields: { readonly [K in keyof S | keyof X]: FieldMeta };
  readonly timeBound: boolean;
  /** As declared, typed: the route table knows from it whether `<name>.reorder` exists. */
  readonly orderable: O;
  /** As declared, typed: the route table knows from it whether the trash routes exist. */
  readonly trash: T;
  readonly defaultSort: ResourceSort | undefined;
  /** The declared rules, each in its full form. */
  readonly uniqueBy: ReadonlyArray<Required<Pick<UniqueRule, 'fields' | 'ignoreCase' | 'acrossProjects'>> & Pick<UniqueRule, 'code'>>;
  readonly wiring: W;
  /** The editable fields, with the cross-field rules (and the time range of time-bound resources). */
  readonly editable: z.ZodType<z.output<z.ZodObject<S>>, z.input<z.ZodObject<S>>>;
  /** The editable fields alone, without cross-field rules (the server merges before re-checking). */
  readonly editableShape: S;
  /** Names of the editable fields an update may change (all but `readOnly` ones). */
  readonly updatable: readonly (keyof S & string)[];
  readonly item: z.ZodObject<ItemShape<S, X>>;
  readonly create: z.ZodType<z.output<z.ZodObject<S>> & { enabled?: boolean }, z.input<z.ZodObject<S>> & { enabled?: boolean }>;
  readonly update: z.ZodObject<UpdateShape<S>>;
  readonly listQuery: z.ZodObject<ListShape>;
  /** Fields a list can sort by, system fields included (`createdAt`, `updatedAt`, `sortOrder`, ...). */
  readonly sortable: readonly string[];
  readonly searchable: readonly string[];
  readonly filters: readonly ResourceFilter[];
  readonly refine: ((value: z.output<z.ZodObject<S>>, ctx: z.RefinementCtx) => void) | undefined;
}

/**
 * Any declared resource, as generic code (the route factory, the server's repository, a generic list)
 * sees it: the same facets without the entity's own field types.
 */
export interface AnyResource {
  readonly name: string;
  readonly labelKey: string;
  readonly fields: Readonly<Record<string, FieldMeta>>;
  readonly timeBound: boolean;
  readonly orderable: boolean;
  readonly trash: boolean;
  readonly defaultSort: ResourceSort | undefined;
  readonly uniqueBy: Resource['uniqueBy'];
  readonly wiring?: ResourceWiring | undefined;
  readonly editable: z.ZodType;
  readonly editableShape: z.ZodRawShape;
  readonly updatable: readonly string[];
  readonly item: z.ZodObject;
  readonly create: z.ZodType;
  readonly update: z.ZodType;
  readonly listQuery: z.ZodType;
  readonly sortable: readonly string[];
  readonly searchable: readonly string[];
  readonly filters: readonly ResourceFilter[];
  readonly refine: unknown;
}

/** A resource with its wiring: what the route factory, the server's registration and its indexes take. */
export type ServedResource = AnyResource & { readonly wiring: ResourceWiring };

/** Whether a resource states its wiring. */
export function isServed(resource: AnyResource): resource is ServedResource {
  return resource.wiring !== undefined;
}

/** The item, create input and update input types of a declared resource. */
export type ResourceItem<R> = R extends Resource<string, infer S, infer X> ? z.output<z.ZodObject<ItemShape<S, X>>> : never;
export type ResourceCreate<R> = R extends Resource ? z.input<R['create']> : never;
export type ResourceUpdate<R> = R extends Resource ? z.input<R['update']> : never;

function filterSchema(meta: FieldMeta, field: z.ZodType): z.ZodType {
  const values = meta.options?.map((o) => o.value);
  switch (meta.filter) {
    case 'text':
      return z.string().trim().min(1).max(200);
    case 'range':
      return meta.input === 'datetime' ? isoDateTimeSchema : queryNumberSchema;
    case 'select':
      if (values && values.length > 0) return queryListSchema(z.enum(values as [string, ...string[]], { error: 'validation.enum' }));
      if (meta.input === 'switch') return queryBooleanSchema;
      return queryListSchema(field instanceof z.ZodUUID ? idSchema : z.string().max(200));
    default:
      return z.never();
  }
}

/** Unwraps optional, nullable and default wrappers to the field's base schema. */
function baseOf(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      current = current.out as z.ZodType;
    } else {
      return current;
    }
  }
}

/**
 * Refuses wiring that contradicts itself: a project resource's menu must be a project menu of its
 * area, a global resource's menu a global one (so the screen that shows it and the routes that serve
 * it ask for the same permission).
 */
function checkWiring(name: string, wiring: ResourceWiring): void {
  if (!/^[a-z][a-z0-9-]*$/.test(wiring.segment)) throw new Error(`Resource ${name}: segment ${wiring.segment} is not a path segment`);
  if (wiring.menu === null) return;
  const menu = menuDef(wiring.menu);
  if (wiring.scope === 'project' && (menu.scope !== 'project' || menu.area !== wiring.area)) {
    throw new Error(`Resource ${name}: menu ${wiring.menu} is not a project menu of area ${wiring.area}`);
  }
  if (wiring.scope === 'global' && menu.scope !== 'global') throw new Error(`Resource ${name}: menu ${wiring.menu} is not a global menu`);
}

/**
 * Declares a resource; see the module comment. Field metadata must cover exactly the schema's and the
 * extra fields (checked here, so a forgotten label fails at start, not in a screen).
 */
export function defineResource<
  const N extends string,
  S extends Shape,
  X extends Shape = Record<never, never>,
  const T extends boolean = false,
  const O extends boolean = false,
  const W extends ResourceWiring | undefined = undefined,
>(config: ResourceConfig<N, S, X, T, O, W>): Resource<N, S, X, T, O, W> {
  const schemaShape = config.schema.shape;
  const extraShape = (config.extra?.shape ?? {}) as X;
  const declared = new Set([...Object.keys(schemaShape), ...Object.keys(extraShape)]);
  for (const key of Object.keys(config.fields)) {
    if (!declared.has(key)) throw new Error(`Resource ${config.name}: metadata for unknown field ${key}`);
  }
  for (const key of declared) {
    if (!(key in config.fields)) throw new Error(`Resource ${config.name}: field ${key} has no metadata`);
  }
  const timeBound = config.timeBound ?? false;
  if (timeBound && !('startsAt' in schemaShape && 'endsAt' in schemaShape)) {
    throw new Error(`Resource ${config.name}: a time-bound resource spreads timeBoundShape into its schema`);
  }
  const metas = config.fields as Readonly<Record<string, FieldMeta>>;
  const uniqueBy = (config.uniqueBy ?? []).map((rule) => {
    const full: UniqueRule = Array.isArray(rule) ? { fields: rule as readonly string[] } : (rule as UniqueRule);
    for (const field of full.fields) {
      if (!(field in schemaShape)) throw new Error(`Resource ${config.name}: uniqueBy names ${field}, not an editable field`);
    }
    return { fields: full.fields, ignoreCase: full.ignoreCase ?? false, acrossProjects: full.acrossProjects ?? false, ...(full.code === undefined ? {} : { code: full.code }) };
  });
  if (config.wiring) checkWiring(config.name, config.wiring);

  let editable: z.ZodType = config.schema;
  if (timeBound) editable = config.schema.check(timeRangeCheck<Record<string, unknown>>('startsAt', 'endsAt'));
  if (config.refine) editable = editable.superRefine(config.refine as (value: unknown, ctx: z.RefinementCtx) => void);

  let create: z.ZodType = config.schema.extend({ enabled: z.boolean({ error: 'validation.type' }).optional() });
  if (timeBound) create = (create as z.ZodObject).check(timeRangeCheck<Record<string, unknown>>('startsAt', 'endsAt'));
  if (config.refine) create = create.superRefine(config.refine as (value: unknown, ctx: z.RefinementCtx) => void);

  const updatable = Object.keys(schemaShape).filter((key) => !metas[key]?.readOnly);
  const updateShape: Record<string, z.ZodType> = {};
  for (const key of updatable) updateShape[key] = (schemaShape[key] as z.ZodType).optional();
  const update = z.object({
    ...updateShape,
    enabled: z.boolean({ error: 'validation.type' }).optional(),
    version: z.number({ error: 'validation.required' }).int().min(1),
  });

  const item = config.schema.extend(extraShape).extend(systemItemShape);

  const filters: ResourceFilter[] = [];
  const filterShape: Record<string, z.ZodType> = {};
  for (const [field, meta] of Object.entries(metas)) {
    if (!meta.filter) continue;
    const fieldSchema = baseOf((schemaShape[field] ?? extraShape[field]) as z.ZodType);
    const schema = filterSchema(meta, fieldSchema);
    const keys = meta.filter === 'range' ? [`${field}Min`, `${field}Max`] : [field];
    for (const key of keys) filterShape[key] = schema.optional();
    filters.push({ field, kind: meta.filter, keys });
  }
  const listQuery = listQuerySchema.extend({
    trashed: queryBooleanSchema.optional(),
    enabled: queryBooleanSchema.optional(),
    state: queryListSchema(itemStateSchema).optional(),
    ...filterShape,
  });

  const sortable = [
    ...Object.entries(metas)
      .filter(([, meta]) => meta.list?.sortable)
      .map(([field]) => field),
    'createdAt',
    'updatedAt',
    ...(config.orderable ? ['sortOrder'] : []),
  ];
  const searchable = Object.entries(metas)
    .filter(([, meta]) => meta.searchable)
    .map(([field]) => field);

  return {
    name: config.name,
    labelKey: config.labelKey,
    fields: config.fields,
    timeBound,
    orderable: (config.orderable ?? false) as O,
    trash: (config.trash ?? false) as T,
    defaultSort: config.defaultSort,
    uniqueBy,
    wiring: config.wiring as W,
    editable: editable as Resource<N, S, X>['editable'],
    editableShape: schemaShape,
    updatable: updatable as (keyof S & string)[],
    item: item as unknown as Resource<N, S, X>['item'],
    create: create as Resource<N, S, X>['create'],
    update: update as unknown as Resource<N, S, X>['update'],
    listQuery: listQuery as unknown as Resource<N, S, X>['listQuery'],
    sortable,
    searchable,
    filters,
    refine: config.refine,
  };
}
