import { z } from 'zod';
import { fieldErrorsSchema, type FieldErrors } from '../envelope';
import { ErrorCode } from '../errors';
import { zodErrorToFieldErrors } from '../field-errors';
import { mediaNameOf, mediaPath, mediaRules, mediaTypeOfName, typeLabels, type MediaRuleId } from '../media';
import { menuDef, type MenuId } from '../permissions';
import { actorSchema, itemStateSchema, type FieldOption } from '../resources/define';
import type { Platform } from '../resources/projects';
import { isEmptyValue, localizedNameSchema, requiredOrType } from '../validation';
import { scheduleSchema, scheduleState, type Schedule } from './schedule';
export { configItemPath } from './console-path';
import { targetingSchema, type Targeting } from './targeting';

/**
 * Configuration kinds declared once (docs/ARCHITECTURE.md "Configuration kinds").
 *
 * A kind (subscription pages, region groups, popups, ...) states its document's own fields as a zod
 * object with field metadata, which common parts it has (schedule, targeting, sort order, trash),
 * what it keeps unique, what its fields refer to (SKUs, region groups) and its console route
 * segment and menu. Everything else is derived here and by the generic machinery: the document
 * schema a publish must pass, the lenient draft schema a save accepts, the item and revision the
 * API answers, the routes (config/routes.ts), the server's storage in the one document store, the
 * console's list, editor, history and diff. A new kind costs its declaration, its labels, an
 * optional custom editor and its tests: no table, migration or server file.
 */

/** How a document field is edited in the console and named in a diff. */
export type ConfigFieldInput =
  | 'text'
  | 'textarea'
  | 'number'
  | 'select'
  | 'multiselect'
  | 'switch'
  | 'colour'
  | 'media'
  | 'clock'
  /** A list of objects, each with `items` fields (a subscription page's plans). */
  | 'list'
  /** An object of `items` fields. */
  | 'group'
  /** Choices loaded by the console (`source`): the project's SKUs, region codes, language codes. */
  | 'reference'
  /**
   * A list of identifiers (a popup's whitelist of user ids): pasted, typed one per line, or imported
   * from a CSV or text file, kept as an array of strings in the order given, duplicates removed.
   */
  | 'idList';

export interface ConfigFieldMeta {
  /** i18n key (`config:subscriptionPages.fields.title`). */
  readonly labelKey: string;
  readonly input: ConfigFieldInput;
  readonly helpKey?: string;
  readonly options?: readonly FieldOption[];
  /** The media rule of a `media` field (contract/media.ts). */
  readonly mediaRule?: MediaRuleId;
  /** Fields of each element of a `list`, or of a `group`. */
  readonly items?: Readonly<Record<string, ConfigFieldMeta>>;
  /**
   * Where a `reference` field's choices come from: the project's SKUs, the global country and
   * language lists, or the project's items of a kind that is a reference target (`contentTypes`: the
   * content-type dictionary, by code).
   */
  readonly source?: 'skus' | 'countries' | 'languages' | 'contentTypes';
  /** Shown as a list column, with the value of the draft. */
  readonly list?: { readonly width?: number };
  /** Placeholder key of a text field. */
  readonly placeholderKey?: string;
  /**
   * How a number reads beside its input: a discount ratio also as percent off (0.8 = 20% off);
   * seconds with their unit after the number (a start page's display time).
   */
  readonly unit?: 'discount' | 'seconds';
  /**
   * A `group` the document may leave out (a popup's cancel button): the editor offers a switch that
   * adds it (empty, to be filled in) or removes it, instead of fields that cannot be emptied.
   */
  readonly optional?: boolean;
  /**
   * Shown in the editor only while the top-level field `field` holds one of `values` (an image for
   * Image & Text popups only). The value stays in the draft when hidden; the kind's rules decide
   * whether it is needed.
   */
  readonly shownWhen?: { readonly field: string; readonly values: readonly string[] };
  /**
   * How the entries of an `idList` are told apart when pasted or imported: line breaks, commas,
   * semicolons and tabs (`ids`, the default: identifiers hold none of them), or line breaks only
   * (`lines`: texts that may hold commas, a feedback question's choices).
   */
  readonly separator?: 'ids' | 'lines';
  /**
   * How a top-level `idList` reaches the app: `sha256` (the default) sends `<field>Sha256`, each
   * user id hashed with the item's id, so a whitelist never goes to every install in clear;
   * `plain` sends the list as it is, for lists that name no person (a shield's feature keys).
   */
  readonly deliverAs?: 'sha256' | 'plain';
}

/** The common parts a kind may have. */
export interface ConfigParts {
  /** Start, end, time zone and (with `daily`) a daily window; Not Started / In Progress / Over. */
  readonly schedule?: boolean;
  /** Platforms, versions, region groups, languages. */
  readonly targeting?: boolean;
  /** An operator-chosen order (banners): reorder with to-top, the app receives items in it. */
  readonly order?: boolean;
  /** Deleted items go to a trash (restore, purge, empty); without, delete is final. Default on. */
  readonly trash?: boolean;
}

/** What a field's value refers to, checked by the server on save (as a problem) and on publish. */
export type ConfigReferenceTarget = 'sku' | 'regionGroup' | 'segment' | 'country' | 'language' | 'type';

/**
 * Reference targets that are themselves configuration kinds, found by their unique key (the kind's
 * `unique` field, compared case-insensitively) among the project's items not in the trash: a field
 * of any kind may name a content type by its code. A kind becomes a target by one entry here (and
 * its field-error key and refusal code below); the server's check and the console's choices follow.
 */
export const kindReferenceTargets = { type: 'contentTypes' } as const satisfies Partial<Record<ConfigReferenceTarget, string>>;

/** The areas whose screens a kind may live in: the Management area, or the universal tools. */
export type ConfigKindArea = 'management' | 'tools';

export interface ConfigReference {
  /** Dotted path; `*` stands for every element of a list (`plans.*.products.ios.productId`). */
  readonly path: string;
  readonly target: ConfigReferenceTarget;
  /** For SKUs: the platform whose SKUs the value must name. */
  readonly platform?: Platform;
  /** Whether the value is a list of references (each element checked). */
  readonly many?: boolean;
}

/** One problem of a reference: the concrete path and the value that names nothing. */
export interface ReferenceValue {
  readonly path: string;
  readonly value: string;
  readonly target: ConfigReferenceTarget;
  readonly platform?: Platform | undefined;
}

type Shape = z.ZodRawShape;

/** The declaration passed to `defineConfigKind`. */
export interface ConfigKindConfig<N extends string, S extends Shape> {
  /** Route id prefix, audit entity and stored kind (`subscriptionPages`); never renamed once shipped. */
  readonly name: N;
  /**
   * `/management/:projectId/<segment>` in the console (or `/universal-tool/<segment>` for a kind
   * whose menu is a universal tool's) and `/api/v1/projects/:projectId/config/<segment>`.
   */
  readonly segment: string;
  /**
   * The menu that grants the screen (contract/permissions.ts). Its scope and area place the kind: a
   * project menu of the Management area, or a global menu of the `tools` area (a universal tool,
   * per project through a project picker); the kind's routes need that area.
   */
  readonly menu: MenuId;
  /** Key prefix of the kind's texts (`config:subscriptionPages`); must be `config:<name>`. */
  readonly labels: string;
  /** The kind's texts in both languages (its `*.labels.ts`), registered under `labels`. */
  readonly texts: KindTexts;
  /** The kind's own fields (besides name, enabled, schedule, targeting). */
  readonly fields: z.ZodObject<S>;
  readonly meta: { readonly [K in keyof NoInfer<S>]: ConfigFieldMeta };
  readonly parts?: ConfigParts;
  /**
   * What must be unique among the project's items of the kind not in the trash: `name`
   * (case-insensitively), or a field whose value is the key (a language's `code`).
   */
  readonly unique?: 'name' | (keyof NoInfer<S> & string);
  /** The refusal code of a duplicate (108001 ContentExists unless the spec has a better one). */
  readonly existsCode?: number;
  /** The refusal code of an id that is not one of the project's items of the kind. */
  readonly notFoundCode?: number;
  readonly references?: readonly ConfigReference[];
  /** Rules across fields of a complete document. */
  readonly refine?: (document: z.output<z.ZodObject<S>> & CommonDocument, ctx: z.RefinementCtx) => void;
  /** A new item's document besides its name (what the create form starts from). */
  readonly initial?: () => Record<string, unknown>;
}

/** A kind's texts: en-US and zh-CN of the same shape, with at least its name, plural, create action and description. */
export interface KindTexts {
  readonly 'en-US': { readonly title: string; readonly plural: string; readonly create: string; readonly description: string };
  readonly 'zh-CN': { readonly title: string; readonly plural: string; readonly create: string; readonly description: string };
}

/** The common fields of every document. */
export interface CommonDocument {
  readonly name: string;
  readonly enabled: boolean;
  readonly schedule?: Schedule;
  readonly targeting?: Targeting;
}

/** The largest draft a save accepts: its JSON text in UTF-8 bytes. */
export const MAX_DRAFT_BYTES = 256 * 1024;
/** The deepest nesting a draft may have (documents nest a few levels; 5,000 levels broke the server). */
export const MAX_DRAFT_DEPTH = 32;

/** How deeply a JSON value nests (a scalar is 0); stops counting past the limit. */
function depthOf(value: unknown, depth = 0): number {
  if (depth > MAX_DRAFT_DEPTH || value === null || typeof value !== 'object') return depth;
  let deepest = depth + 1;
  for (const child of Object.values(value as Record<string, unknown>)) {
    deepest = Math.max(deepest, depthOf(child, depth + 1));
    if (deepest > MAX_DRAFT_DEPTH) break;
  }
  return deepest;
}

/** The UTF-8 length of a text without a DOM or Node API (contract/ uses neither). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** Online status of an item, derived from its environments and draft. */
export const onlineStatuses = ['unpublished', 'preview', 'official'] as const;
export type OnlineStatus = (typeof onlineStatuses)[number];

export const environments = ['preview', 'official'] as const;
export type Environment = (typeof environments)[number];
export const environmentSchema = z.enum(environments, { error: 'validation.enum' });

/** A draft as stored and answered: the kind's document, complete or not. */
export const draftSchema = z.record(z.string(), z.unknown());
export type Draft = z.infer<typeof draftSchema>;

/** An item as the API answers it (every kind alike; the draft is the kind's document). */
export const configItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  version: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Kinds with a schedule only. */
  state: itemStateSchema.nullable(),
  deletedAt: z.string().nullable(),
  draft: draftSchema,
  /** What keeps the draft from being published (empty when it is complete). */
  problems: fieldErrorsSchema,
  status: z.enum(onlineStatuses),
  /** Whether the draft differs from the last published revision (always true before the first). */
  changed: z.boolean(),
  latestRevision: z.number().int(),
  previewRevision: z.number().int().nullable(),
  officialRevision: z.number().int().nullable(),
  /** Whether publishing this kind in this project needs a second person's approval. */
  approvalRequired: z.boolean(),
  /** The approval of the current draft (null when none, or when an edit made it stale). */
  approval: z.object({ by: actorSchema, at: z.string() }).nullable(),
  createdBy: actorSchema,
  updatedBy: actorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConfigItem = z.infer<typeof configItemSchema>;

/** A published revision: immutable. */
export const configRevisionSchema = z.object({
  number: z.number().int(),
  document: draftSchema,
  note: z.string().nullable(),
  /** The revision a rollback restored; null for a publish. */
  restoredFrom: z.number().int().nullable(),
  publishedBy: actorSchema,
  publishedAt: z.string(),
  approvedBy: actorSchema,
  approvedAt: z.string().nullable(),
  /** Where this revision is live now. */
  environments: z.array(environmentSchema),
});
export type ConfigRevision = z.infer<typeof configRevisionSchema>;

/** A declared kind: the config plus everything derived from it. */
export interface ConfigKind<N extends string = string> {
  readonly name: N;
  readonly segment: string;
  readonly menu: MenuId;
  /** The permission area of its routes and screens, from its menu. */
  readonly area: ConfigKindArea;
  /**
   * The console path of its list, from its menu: `/management/:projectId/<segment>`, or a universal
   * tool's `/universal-tool/<segment>` (the project then travels as `?project=`).
   */
  readonly consolePath: string;
  readonly labels: string;
  readonly texts: KindTexts;
  readonly parts: Required<ConfigParts>;
  readonly meta: Readonly<Record<string, ConfigFieldMeta>>;
  /** Metadata of every top-level document field, common parts included (labels for diffs). */
  readonly documentMeta: Readonly<Record<string, ConfigFieldMeta>>;
  readonly unique: string | null;
  readonly existsCode: number;
  readonly notFoundCode: number;
  readonly references: readonly ConfigReference[];
  /** The complete document a publish must pass (common parts and the kind's fields and rules). */
  readonly document: z.ZodType<Record<string, unknown>>;
  /** The document's fields alone, without cross-field rules. */
  readonly documentShape: z.ZodRawShape;
  /** What a save accepts: a name and any of the document's fields, complete or not. */
  readonly draftInput: z.ZodType<Record<string, unknown>>;
  readonly initial: () => Record<string, unknown>;
  /** i18n key of the kind's name (`config:subscriptionPages.title`). */
  readonly titleKey: string;
}

/** Any declared kind, as generic code sees it. */
export type AnyConfigKind = ConfigKind;

function commonMeta(parts: Required<ConfigParts>): Record<string, ConfigFieldMeta> {
  const meta: Record<string, ConfigFieldMeta> = {
    name: { labelKey: 'config:common.fields.name', input: 'text' },
    enabled: { labelKey: 'config:common.fields.enabled', input: 'switch' },
  };
  if (parts.schedule) {
    meta.schedule = {
      labelKey: 'config:common.fields.schedule',
      input: 'group',
      items: {
        startsAt: { labelKey: 'config:common.fields.startsAt', input: 'text' },
        endsAt: { labelKey: 'config:common.fields.endsAt', input: 'text' },
        timeZone: { labelKey: 'config:common.fields.timeZone', input: 'text' },
        daily: {
          labelKey: 'config:common.fields.daily',
          input: 'group',
          items: {
            from: { labelKey: 'config:common.fields.dailyFrom', input: 'clock' },
            to: { labelKey: 'config:common.fields.dailyTo', input: 'clock' },
          },
        },
      },
    };
  }
  if (parts.targeting) {
    meta.targeting = {
      labelKey: 'config:common.fields.targeting',
      input: 'group',
      items: {
        platforms: { labelKey: 'config:common.fields.platforms', input: 'multiselect' },
        minVersion: { labelKey: 'config:common.fields.minVersion', input: 'text' },
        maxVersion: { labelKey: 'config:common.fields.maxVersion', input: 'text' },
        regionGroups: {
          labelKey: 'config:common.fields.regionGroups',
          input: 'group',
          items: {
            include: { labelKey: 'config:common.fields.regionGroupsInclude', input: 'multiselect' },
            exclude: { labelKey: 'config:common.fields.regionGroupsExclude', input: 'multiselect' },
          },
        },
        languages: { labelKey: 'config:common.fields.languages', input: 'multiselect', source: 'languages' },
        segments: {
          labelKey: 'config:common.fields.segments',
          input: 'group',
          items: { include: { labelKey: 'config:common.fields.segmentsInclude', input: 'multiselect' } },
        },
      },
    };
  }
  return meta;
}

/**
 * Declares a configuration kind; see the module comment. Metadata must cover exactly the kind's
 * fields (checked here, so a forgotten label fails at start, not in a screen).
 */
export function defineConfigKind<const N extends string, S extends Shape>(config: ConfigKindConfig<N, S>): ConfigKind<N> {
  const own = Object.keys(config.fields.shape);
  for (const key of Object.keys(config.meta)) {
    if (!own.includes(key)) throw new Error(`Config kind ${config.name}: metadata for unknown field ${key}`);
  }
  for (const key of own) {
    if (!(key in config.meta)) throw new Error(`Config kind ${config.name}: field ${key} has no metadata`);
    if (['name', 'enabled', 'schedule', 'targeting'].includes(key)) throw new Error(`Config kind ${config.name}: ${key} is a common field`);
  }
  if (!/^[a-z][A-Za-z]+$/.test(config.name)) throw new Error(`Config kind ${config.name}: name must be camelCase`);
  if (config.labels !== `config:${config.name}`) throw new Error(`Config kind ${config.name}: labels must be config:${config.name}`);
  const menu = menuDef(config.menu);
  const area: ConfigKindArea = menu.scope === 'global' ? 'tools' : 'management';
  const consolePath = area === 'tools' ? `/universal-tool/${config.segment}` : `/management/:projectId/${config.segment}`;
  // tests/contract/config/kinds.test.ts holds every declared kind's menu to this path and area.
  const parts: Required<ConfigParts> = {
    schedule: config.parts?.schedule ?? false,
    targeting: config.parts?.targeting ?? false,
    order: config.parts?.order ?? false,
    trash: config.parts?.trash ?? true,
  };
  const documentShape: Record<string, z.ZodType> = {
    name: localizedNameSchema,
    enabled: z.boolean({ error: 'validation.type' }).default(true),
    ...(parts.schedule ? { schedule: scheduleSchema } : {}),
    ...(parts.targeting ? { targeting: targetingSchema } : {}),
    ...(config.fields.shape as unknown as Record<string, z.ZodType>),
  };
  let document: z.ZodType<Record<string, unknown>> = z.object(documentShape);
  if (config.refine) document = document.superRefine(config.refine as (value: Record<string, unknown>, ctx: z.RefinementCtx) => void);

  const known = new Set(Object.keys(documentShape));
  const draftInput = z
    .object({ name: localizedNameSchema })
    .catchall(z.unknown())
    .transform((value) => Object.fromEntries(Object.entries(value).filter(([key]) => known.has(key))))
    .refine((value) => depthOf(value) <= MAX_DRAFT_DEPTH && utf8Length(JSON.stringify(value)) <= MAX_DRAFT_BYTES, { error: 'validation.draftTooLarge' });

  return {
    name: config.name,
    segment: config.segment,
    menu: config.menu,
    area,
    consolePath,
    labels: config.labels,
    texts: config.texts,
    parts,
    meta: config.meta as Readonly<Record<string, ConfigFieldMeta>>,
    documentMeta: { ...commonMeta(parts), ...(config.meta as Record<string, ConfigFieldMeta>) },
    unique: config.unique ?? null,
    existsCode: config.existsCode ?? ErrorCode.ContentExists,
    notFoundCode: config.notFoundCode ?? ErrorCode.DataMissing,
    references: [...(config.references ?? []), ...(parts.targeting ? targetingReferences : [])],
    document,
    documentShape,
    draftInput: draftInput as unknown as z.ZodType<Record<string, unknown>>,
    initial: config.initial ?? (() => ({})),
    titleKey: `${config.labels}.title`,
  };
}

const targetingReferences: readonly ConfigReference[] = [
  { path: 'targeting.regionGroups.include', target: 'regionGroup', many: true },
  { path: 'targeting.regionGroups.exclude', target: 'regionGroup', many: true },
  { path: 'targeting.segments.include', target: 'segment', many: true },
];

// ---------------------------------------------------------------------------------------------
// Field schemas the kinds share

/**
 * The value of a `media` field: a stored file's path as the upload field answers it
 * (`/api/v1/media/<sha256>.<ext>`), of a type the field's rule accepts.
 *
 * The upload itself was checked against the rule (main before, the server after); this keeps a path
 * pasted into a draft, or one of another field (a video where the app expects music), from being
 * published: not a stored file's path is `validation.url`, another type `validation.fileType`
 * naming the accepted ones.
 */
export function mediaValueSchema(ruleId: MediaRuleId) {
  const rule = mediaRules[ruleId];
  return z
    .string({ error: requiredOrType })
    .trim()
    .check(
      z.superRefine((value: string, ctx) => {
        const name = mediaNameOf(value);
        if (name === null || value !== mediaPath(name)) {
          ctx.addIssue({ code: 'custom', input: value, message: 'validation.url' });
          return;
        }
        const type = mediaTypeOfName(name);
        if (type === null || !rule.types.includes(type)) {
          ctx.addIssue({ code: 'custom', input: value, message: 'validation.fileType', params: { types: typeLabels(rule.types).join(', ') } });
        }
      }),
    );
}

/**
 * A group of fields that may be left out as a whole (a banner's text layer): absent while every one
 * of `keys` is empty, so the defaults of its other fields (a colour, a placement) do not make an
 * operator fill in what they never meant to add; once one of `keys` is given, the group's own rules
 * apply to all of it.
 */
export function optionalGroup<T extends z.ZodType>(schema: T, keys: readonly string[]) {
  return z.preprocess((value) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) return value;
    return keys.every((key) => isEmptyValue((value as Record<string, unknown>)[key])) ? undefined : value;
  }, schema.optional());
}

// ---------------------------------------------------------------------------------------------
// Pure helpers shared by server and console

/** What a new item's draft is: the kind's starting document with the given name and common defaults. */
export function newDraft(kind: AnyConfigKind, name: string, timeZone: string): Record<string, unknown> {
  return {
    name,
    enabled: true,
    ...(kind.parts.schedule ? { schedule: { startsAt: null, endsAt: null, timeZone, daily: null } } : {}),
    ...(kind.parts.targeting ? { targeting: { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [], segments: { include: [] } } } : {}),
    ...kind.initial(),
  };
}

/** The problems of a draft against the kind's document schema (empty: publishable, references aside). */
export function draftProblems(kind: AnyConfigKind, draft: Record<string, unknown>): FieldErrors {
  const result = kind.document.safeParse(draft);
  return result.success ? {} : zodErrorToFieldErrors(result.error, { input: draft });
}

/** The draft's parts the list and the evaluation read, from a document that may be incomplete. */
export function draftSummary(kind: AnyConfigKind, draft: Record<string, unknown>) {
  const schedule = draft.schedule as Partial<Schedule> | undefined;
  const startsAt = kind.parts.schedule && typeof schedule?.startsAt === 'string' && !Number.isNaN(Date.parse(schedule.startsAt)) ? schedule.startsAt : null;
  const endsAt = kind.parts.schedule && typeof schedule?.endsAt === 'string' && !Number.isNaN(Date.parse(schedule.endsAt)) ? schedule.endsAt : null;
  let uniqueKey: string | null = null;
  if (kind.unique === 'name') uniqueKey = typeof draft.name === 'string' ? draft.name.trim().toLowerCase() : null;
  else if (kind.unique) {
    const value = draft[kind.unique];
    uniqueKey = typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null;
  }
  return {
    name: typeof draft.name === 'string' ? draft.name.trim() : '',
    enabled: draft.enabled !== false,
    startsAt,
    endsAt,
    uniqueKey,
  };
}

/** The item's state at `now`, for kinds with a schedule (null otherwise). */
export function itemStateOf(kind: AnyConfigKind, startsAt: string | null, endsAt: string | null, now: Date) {
  return kind.parts.schedule ? scheduleState({ startsAt, endsAt }, now) : null;
}

/**
 * Every value a document refers to, with its concrete path (`plans.1.products.ios.productId`).
 * Values that are not non-empty strings are left to the document schema.
 */
export function referencesOf(kind: AnyConfigKind, document: Record<string, unknown>): ReferenceValue[] {
  const found: ReferenceValue[] = [];
  for (const reference of kind.references) {
    const walk = (value: unknown, segments: readonly string[], path: readonly string[]): void => {
      if (segments.length === 0) {
        if (reference.many && Array.isArray(value)) {
          value.forEach((element, index) => {
            if (typeof element === 'string' && element !== '') found.push({ path: [...path, String(index)].join('.'), value: element, target: reference.target, platform: reference.platform });
          });
        } else if (typeof value === 'string' && value !== '') {
          found.push({ path: path.join('.'), value, target: reference.target, platform: reference.platform });
        }
        return;
      }
      const [head, ...rest] = segments as [string, ...string[]];
      if (head === '*') {
        if (Array.isArray(value)) value.forEach((element, index) => walk(element, rest, [...path, String(index)]));
        return;
      }
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) walk((value as Record<string, unknown>)[head], rest, [...path, head]);
    };
    walk(document, reference.path.split('.'), []);
  }
  return found;
}

/** The online status of an item from its environments. */
export function onlineStatusOf(previewRevision: number | null, officialRevision: number | null): OnlineStatus {
  if (officialRevision !== null) return 'official';
  if (previewRevision !== null) return 'preview';
  return 'unpublished';
}

/** The field-error key a reference that names nothing gets, by target. */
export const missingReferenceKeys: Readonly<Record<ConfigReferenceTarget, string>> = {
  sku: 'validation.skuMissing',
  regionGroup: 'validation.regionGroupMissing',
  segment: 'validation.segmentMissing',
  country: 'validation.regionMissing',
  language: 'validation.languageMissing',
  type: 'validation.typeMissing',
};

/** The refusal code of a publish whose references name nothing, by target (the first one found). */
export const missingReferenceCodes: Readonly<Record<ConfigReferenceTarget, number>> = {
  sku: ErrorCode.SkuNotFound,
  regionGroup: ErrorCode.DataMissing,
  segment: ErrorCode.DataMissing,
  country: ErrorCode.ParamInvalid,
  language: ErrorCode.DataMissing,
  type: ErrorCode.DataMissing,
};
