import { z } from 'zod';
import { withAccess } from '../permissions';
import { idSchema } from '../resources/define';
import { projectItemParamsSchema, resourceRoutes } from '../resources/routes';
import {
  appResource,
  cardPaymentInputSchema,
  cardPaymentSummarySchema,
  entitlementResource,
  offeringResource,
  skuResource,
  storeCredentialsInputSchema,
  storeCredentialsSummarySchema,
} from '../resources/projects';
import { defineRoute } from './route';

/**
 * Routes of a project's catalog: apps with their store credentials and card payment configuration,
 * SKUs, entitlements (and their SKU links) and offerings. The standard routes come from the resource
 * declarations (contract/resources/routes.ts); the rest are written out here.
 */

const base = '/api/v1/projects/:projectId';
const appsWrite = { scope: 'project', area: 'apps', level: 'write' } as const;
const commerceWrite = { scope: 'project', area: 'commerce', level: 'write' } as const;
const linkParamsSchema = z.object({ projectId: idSchema, id: idSchema, skuId: idSchema });

/** The catalog's routes, spread into the route table (contract/api/index.ts). */
export const catalogRoutes = {
  ...resourceRoutes(appResource),
  'apps.putStoreCredentials': withAccess(
    defineRoute({
      method: 'PUT',
      path: `${base}/apps/:id/store-credentials`,
      auth: 'user',
      summary:
        'Upload store credentials (an App Store Connect .p8 key for iOS, a Google service account JSON for Android). ' +
        'They are checked (102012), stored encrypted, and only a summary is ever answered.',
      tags: ['apps'],
      params: projectItemParamsSchema,
      body: storeCredentialsInputSchema,
      output: storeCredentialsSummarySchema,
    }),
    appsWrite,
  ),
  'apps.deleteStoreCredentials': withAccess(
    defineRoute({
      method: 'DELETE',
      path: `${base}/apps/:id/store-credentials`,
      auth: 'user',
      summary: 'Remove an app’s store credentials (102013 when there are none).',
      tags: ['apps'],
      params: projectItemParamsSchema,
      output: z.null(),
    }),
    appsWrite,
  ),
  'apps.putCardPayment': withAccess(
    defineRoute({
      method: 'PUT',
      path: `${base}/apps/:id/card-payment`,
      auth: 'user',
      summary: 'Configure the app’s card payment provider (Stripe or PayPal); keys are checked (102014) and secrets stored encrypted.',
      tags: ['apps'],
      params: projectItemParamsSchema,
      body: cardPaymentInputSchema,
      output: cardPaymentSummarySchema,
    }),
    appsWrite,
  ),
  'apps.deleteCardPayment': withAccess(
    defineRoute({
      method: 'DELETE',
      path: `${base}/apps/:id/card-payment`,
      auth: 'user',
      summary: 'Remove the app’s card payment configuration.',
      tags: ['apps'],
      params: projectItemParamsSchema,
      output: z.null(),
    }),
    appsWrite,
  ),
  ...resourceRoutes(skuResource),
  ...resourceRoutes(entitlementResource),
  'entitlements.linkSku': withAccess(
    defineRoute({
      method: 'POST',
      path: `${base}/entitlements/:id/skus`,
      auth: 'user',
      summary: 'Link a SKU to an entitlement (102008 when already linked).',
      tags: ['entitlements'],
      params: projectItemParamsSchema,
      body: z.object({ skuId: idSchema }),
      output: entitlementResource.item,
    }),
    commerceWrite,
  ),
  'entitlements.unlinkSku': withAccess(
    defineRoute({
      method: 'DELETE',
      path: `${base}/entitlements/:id/skus/:skuId`,
      auth: 'user',
      summary: 'Unlink a SKU from an entitlement (102009 when not linked).',
      tags: ['entitlements'],
      params: linkParamsSchema,
      output: entitlementResource.item,
    }),
    commerceWrite,
  ),
  ...resourceRoutes(offeringResource),
} as const;
