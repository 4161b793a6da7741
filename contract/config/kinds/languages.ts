import { z } from 'zod';
import { defineConfigKind } from '../define-kind';
import { languageCodeSchema } from '../targeting';
import { languageLabels } from './languages.labels';

/**
 * Languages (`/management/:projectId/language`): the languages the app offers, in its picker's
 * order. A code appears once per project; codes come from the global list under System Management.
 */
export const languageKind = defineConfigKind({
  name: 'appLanguages',
  segment: 'language',
  menu: 'management.language',
  labels: 'config:appLanguages',
  texts: languageLabels,
  fields: z.object({
    code: languageCodeSchema,
    nativeName: z.string({ error: 'validation.type' }).trim().max(128, { error: 'validation.lengthMax' }).optional(),
    isDefault: z.boolean({ error: 'validation.type' }).default(false),
  }),
  meta: {
    code: { labelKey: 'config:appLanguages.fields.code', input: 'reference', source: 'languages', helpKey: 'config:appLanguages.help.code', list: { width: 120 } },
    nativeName: { labelKey: 'config:appLanguages.fields.nativeName', input: 'text', helpKey: 'config:appLanguages.help.nativeName', list: { width: 200 } },
    isDefault: { labelKey: 'config:appLanguages.fields.isDefault', input: 'switch', helpKey: 'config:appLanguages.help.isDefault', list: { width: 120 } },
  },
  parts: { order: true },
  unique: 'code',
  references: [{ path: 'code', target: 'language' }],
  initial: () => ({ code: '', isDefault: false }),
});
