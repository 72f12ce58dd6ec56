import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations to db/migrations; the server applies them at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './db/migrations',
});
