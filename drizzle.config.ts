import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit generates the SQL migrations from the schema (`npm run db:generate`).
 *
 * The generated files in server/drizzle are checked in and applied at server start by drizzle's
 * migrator, on PGlite and on PostgreSQL alike; generation needs no database connection.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/drizzle',
});
