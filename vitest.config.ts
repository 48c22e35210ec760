import { defineConfig } from 'vitest/config';
import { findPgBin } from './scripts/pg-cluster.ts';
import { ceiling } from './tests/ceiling.ts';

// Ceilings scaled for a busy machine (tests/ceiling.ts); a test waits for states, not for these.
const shared = { environment: 'node', testTimeout: ceiling(20_000), hookTimeout: ceiling(30_000) } as const;

/**
 * The API tests (tests/server) run twice: on SQLite always, and on PostgreSQL (project
 * `server-pg`) whenever a server is available — `UMENU_TEST_DATABASE_URL`, or PostgreSQL's
 * binaries to start a throwaway cluster (Debian: `apt-get install -y postgresql`).
 */
const pgAvailable = Boolean(process.env.UMENU_TEST_DATABASE_URL || findPgBin());
if (!pgAvailable && !process.env.VITEST_WORKER_ID) {
  console.warn(
    '[server-pg] PostgreSQL no está instalado: se omite la pasada de tests/server sobre PostgreSQL (instala el paquete postgresql o define UMENU_TEST_DATABASE_URL).',
  );
}

export default defineConfig({
  test: {
    ...shared,
    projects: [
      {
        test: {
          ...shared,
          name: 'main',
          include: [
            'tests/unit/**/*.test.{ts,tsx}',
            'src/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'tests/server/**/*.test.ts',
          ],
        },
      },
      ...(pgAvailable
        ? [
            {
              test: {
                ...shared,
                name: 'server-pg',
                include: ['tests/server/**/*.test.ts'],
                globalSetup: ['tests/server/pg-setup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
