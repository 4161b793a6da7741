import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { anyEnvelopeSchema } from '@contract/envelope';
import { errorEntry } from '@contract/errors';
import { ok } from './projects';

/**
 * Fixtures of the commerce tests: an app with SKUs linked to entitlements, its store settings and
 * credentials, and posting to the stores' hooks as the stores do.
 */

export interface CatalogFixture {
  readonly appId: string;
  /** SKU id by store product id. */
  readonly skus: Record<string, string>;
  /** Entitlement id by identifier. */
  readonly entitlements: Record<string, string>;
}

let appCounter = 0;

/** An app with the given products as SKUs; `links` maps entitlement identifiers to product ids. */
export async function catalogFixture(
  app: FastifyInstance,
  token: string,
  projectId: string,
  options: {
    platform: 'ios' | 'android';
    packageName?: string;
    products: ReadonlyArray<{ id: string; type: 'subscription' | 'non_consumable' | 'consumable'; period: 'yearly' | 'monthly' | 'weekly' | 'permanent' }>;
    links: Readonly<Record<string, readonly string[]>>;
  },
): Promise<CatalogFixture & { packageName: string }> {
  appCounter += 1;
  const packageName = options.packageName ?? `com.palette.c${process.pid}x${appCounter}${options.platform === 'android' ? '.android' : ''}`;
  const params = { projectId };
  const created = await ok<{ id: string }>(app, token, 'apps.create', { params, body: { platform: options.platform, name: `Commerce ${appCounter}`, packageName } });
  const skus: Record<string, string> = {};
  for (const product of options.products) {
    const sku = await ok<{ id: string }>(app, token, 'skus.create', {
      params,
      body: { appId: created.id, storeProductId: product.id, name: product.id, type: product.type, period: product.period, price: 9.99, currency: 'USD' },
    });
    skus[product.id] = sku.id;
  }
  const entitlements: Record<string, string> = {};
  for (const [identifier, productIds] of Object.entries(options.links)) {
    const existing = await ok<{ items: Array<{ id: string; identifier: string }> }>(app, token, 'entitlements.list', { params, query: { pageSize: 200 } });
    const found = existing.items.find((e) => e.identifier === identifier);
    const entitlement = found ?? (await ok<{ id: string }>(app, token, 'entitlements.create', { params, body: { identifier, name: identifier } }));
    entitlements[identifier] = entitlement.id;
    for (const productId of productIds) {
      await ok(app, token, 'entitlements.linkSku', { params: { ...params, id: entitlement.id }, body: { skuId: skus[productId] } });
    }
  }
  return { appId: created.id, skus, entitlements, packageName };
}

/** Sets an app's store settings (Apple app id, sandbox). */
export async function setStoreSettings(app: FastifyInstance, token: string, projectId: string, appId: string, values: { appleAppId: number | null; acceptSandbox: boolean }): Promise<void> {
  const current = await ok<{ version: number }>(app, token, 'storeSettings.get', { params: { projectId, id: appId } });
  await ok(app, token, 'storeSettings.update', { params: { projectId, id: appId }, body: { ...values, version: current.version } });
}

/** A reply of a hook: envelope code, HTTP status matching the catalogue, and its data. */
export async function postHook(app: FastifyInstance, path: string, payload: unknown, remoteAddress = '17.1.2.3'): Promise<{ code: number; data: { outcome: string; code?: number } | undefined; response: LightMyRequestResponse }> {
  const response = await app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload), remoteAddress });
  const body = anyEnvelopeSchema.parse(response.json());
  expect(response.statusCode, response.body).toBe(body.code === 0 ? 200 : errorEntry(body.code).status);
  return { code: body.code, data: body.data as { outcome: string; code?: number } | undefined, response };
}
