import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Test tiers by file name (ARCHITECTURE.md): `*.test.ts` are pure and fast; `*.int.test.ts` use
 * real services (Redis, PGlite, PostgreSQL). The database-backed integration suite runs twice:
 * once on PGlite and once on PostgreSQL (`DCF_TEST_DB` selects the adapter).
 */
export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['**/*.test.ts'], exclude: ['**/*.int.test.ts', 'node_modules/**', 'e2e/**', '.next/**'] },
      },
      {
        extends: true,
        test: {
          name: 'int-pglite',
          include: ['**/*.int.test.ts'],
          exclude: ['node_modules/**', 'e2e/**', '.next/**'],
          env: { DCF_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'int-postgres',
          include: ['**/*.int.test.ts'],
          exclude: ['node_modules/**', 'e2e/**', '.next/**'],
          env: { DCF_TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
