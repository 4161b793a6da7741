import { z } from 'zod';
import { idSchema, queryListSchema } from '../resources/define';
import { withAccess } from '../permissions';
import { projectParamsSchema } from '../resources/routes';
import { defineRoute } from './route';

/**
 * The console's route around affiliate links beyond the kind's own (contract/config/kinds/affiliates.ts):
 *
 * | id                     | method | path (under /api/v1/projects/:projectId) | access     |
 * |------------------------|--------|------------------------------------------|------------|
 * | `affiliateCounts.list` | GET    | /affiliate-counts?ids=a,b                | tools read |
 *
 * The opens and installs of the given links (at most 50, a list page's), counted by the server from
 * the reports it stored (`POST /client/v1/{clientKey}/affiliate-opens`); a link of another project
 * or without reports counts 0.
 */

const toolsRead = { scope: 'project', area: 'tools', level: 'read' } as const;

export const affiliateCountSchema = z.object({ linkId: z.string(), opens: z.number().int(), installs: z.number().int() });
export type AffiliateCount = z.infer<typeof affiliateCountSchema>;

export const affiliateRoutes = {
  'affiliateCounts.list': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/affiliate-counts',
      auth: 'user',
      summary: 'The opens and installs of affiliate links, counted from the reports the app sent (one per device and event).',
      tags: ['config', 'affiliates'],
      params: projectParamsSchema,
      query: z.object({ ids: queryListSchema(idSchema) }),
      output: z.object({ items: z.array(affiliateCountSchema) }),
    }),
    toolsRead,
  ),
} as const;
