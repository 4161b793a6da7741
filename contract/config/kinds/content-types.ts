import { z } from 'zod';
import { requiredOrType } from '../../validation';
import { defineConfigKind, mediaValueSchema } from '../define-kind';
import { contentTypeLabels } from './content-types.labels';

/**
 * The content-type dictionary (`/universal-tool/type`, a universal tool per project): the types the
 * app files its content under (template, sticker, filter, …), each with a code the app and other
 * kinds use, its names in English and Chinese and an icon (the home's small square icon rule).
 *
 * Codes are unique in a project (108001) and never change meaning once the app reads them. Other
 * kinds refer to a type by its code (`target: 'type'`, `source: 'contentTypes'`): the server checks
 * the code names a type of the project on save and publish (define-kind.ts `kindReferenceTargets`).
 */

const ns = 'config:contentTypes' as const;

/** The longest code: short enough for a URL segment and an analytics dimension. */
export const contentTypeCodeMax = 32;
/** The longest name in either language. */
export const contentTypeNameMax = 64;

/** A type's code: lower-case letters, digits and `_`, starting with a letter. */
export const contentTypeCodeSchema = z
  .string({ error: requiredOrType })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(contentTypeCodeMax, { error: 'validation.lengthMax' })
  .regex(/^[a-z][a-z0-9_]*$/, { error: 'validation.typeCode' });

const typeName = z.string({ error: requiredOrType }).trim().min(1, { error: 'validation.required' }).max(contentTypeNameMax, { error: 'validation.lengthMax' });

export const contentTypeKind = defineConfigKind({
  name: 'contentTypes',
  segment: 'type',
  menu: 'universalTool.type',
  labels: ns,
  texts: contentTypeLabels,
  parts: { order: true },
  fields: z.object({
    code: contentTypeCodeSchema,
    nameEn: typeName,
    nameZh: typeName,
    icon: mediaValueSchema('home.icon').optional(),
  }),
  meta: {
    code: { labelKey: `${ns}.fields.code`, input: 'text', helpKey: `${ns}.help.code`, list: { width: 160 } },
    nameEn: { labelKey: `${ns}.fields.nameEn`, input: 'text', list: { width: 200 } },
    nameZh: { labelKey: `${ns}.fields.nameZh`, input: 'text', list: { width: 200 } },
    icon: { labelKey: `${ns}.fields.icon`, input: 'media', mediaRule: 'home.icon', helpKey: `${ns}.help.icon` },
  },
  unique: 'code',
  initial: () => ({ code: '', nameEn: '', nameZh: '' }),
});
