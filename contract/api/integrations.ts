import { withAccess } from '../permissions';
import { projectItemParamsSchema, resourceRoutes } from '../resources/routes';
import { webhookCreatedSchema, webhookResource, webhookTestResultSchema } from '../resources/projects';
import { defineRoute } from './route';

/**
 * Routes of a project's integrations: webhook endpoints. Creating one answers its signing secret,
 * once; the test route really posts a signed test event to the endpoint.
 */
export const integrationRoutes = {
  ...resourceRoutes(webhookResource, { createOutput: webhookCreatedSchema }),
  'webhooks.test': withAccess(
    defineRoute({
      method: 'POST',
      path: '/api/v1/projects/:projectId/webhooks/:id/test',
      auth: 'user',
      summary:
        'Post a signed test event (header `Palette-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`) to the ' +
        'endpoint; answers its status, duration and the start of its answer, or 170005/170006 when it cannot be reached.',
      tags: ['webhooks'],
      params: projectItemParamsSchema,
      output: webhookTestResultSchema,
    }),
    { scope: 'project', area: 'integrations', level: 'write' },
  ),
} as const;
