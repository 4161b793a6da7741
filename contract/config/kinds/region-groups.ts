import { z } from 'zod';
import { defineConfigKind } from '../define-kind';
import { regionCodeSchema } from '../targeting';
import { regionGroupLabels } from './region-groups.labels';

/**
 * Region groups (`/management/:projectId/region-group`): a named set of countries and regions that
 * other kinds' audiences include or exclude. Names are unique in a project; regions come from the
 * global list under System Management.
 */
export const regionGroupKind = defineConfigKind({
  name: 'regionGroups',
  segment: 'region-group',
  menu: 'management.regionGroup',
  labels: 'config:regionGroups',
  texts: regionGroupLabels,
  fields: z.object({
    regions: z
      .array(regionCodeSchema)
      .min(1, { error: 'validation.required' })
      .max(300, { error: 'validation.itemsMax' })
      .refine((list) => new Set(list).size === list.length, { error: 'validation.duplicateItems' }),
    description: z.string({ error: 'validation.type' }).trim().max(500, { error: 'validation.lengthMax' }).optional(),
  }),
  meta: {
    regions: { labelKey: 'config:regionGroups.fields.regions', input: 'reference', source: 'countries', helpKey: 'config:regionGroups.help.regions', list: { width: 320 } },
    description: { labelKey: 'config:regionGroups.fields.description', input: 'textarea' },
  },
  unique: 'name',
  references: [{ path: 'regions', target: 'country', many: true }],
  initial: () => ({ regions: [] }),
});
