import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';

/**
 * What the app says about its user beyond the stores: an email, attributes (language, app version,
 * install date, the app's own keys) and when it was last seen. For the delivery API, where the app
 * identifies its user (a route of the delivery owner's), and for the demo data. Only a customer the
 * stores already made is changed (false otherwise): the app alone never creates one, so a client key
 * cannot fill the customers table with made-up ids.
 */
export async function recordAppUser(
  db: Database,
  projectId: string,
  appUserId: string,
  update: { readonly email?: string | null; readonly attributes?: Readonly<Record<string, unknown>>; readonly seenAt: Date },
): Promise<boolean> {
  const changed = await db
    .update(customers)
    .set({
      attributes: sql`${customers.attributes} || ${JSON.stringify(update.attributes ?? {})}::jsonb`,
      ...(update.email !== undefined ? { email: update.email === null ? sql`${customers.email}` : update.email.trim().toLowerCase() } : {}),
      lastSeenAt: sql`greatest(${customers.lastSeenAt}, ${update.seenAt})`,
      updatedAt: update.seenAt,
      version: sql`${customers.version} + 1`,
    })
    .where(and(eq(customers.projectId, projectId), eq(customers.appUserId, appUserId)))
    .returning({ id: customers.id });
  return changed.length > 0;
}
