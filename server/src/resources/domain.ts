import type { PgTable } from 'drizzle-orm/pg-core';
import type { ServedResource } from '@contract/resources/define';
import type { DomainModule } from '../domains/module';
import { ResourceRepository } from './repository';
import { registerResourceRoutes } from './routes';

/**
 * A domain of plain resources: each declaration with its table, served by the generic repository and
 * routes, nothing written by hand. A plain resource needs no more server code than its line here
 * (and its table in db/schema.ts).
 */
export function plainResourceDomain(name: string, resources: ReadonlyArray<readonly [ServedResource, PgTable]>): DomainModule {
  return {
    name,
    register(app, { db, clock }) {
      for (const [resource, table] of resources) registerResourceRoutes(app, new ResourceRepository(db, { resource, table, clock }), { clock });
    },
  };
}
