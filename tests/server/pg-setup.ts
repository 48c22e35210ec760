/**
 * globalSetup of the `server-pg` vitest project: the API tests again, on PostgreSQL.
 * Uses `UMENU_TEST_DATABASE_URL` (a server where the user may create databases) when set,
 * else starts a throwaway cluster (scripts/pg-cluster.ts; port `UMENU_TEST_PG_PORT` or a
 * free one). Each test server then gets a fresh database on it, with an ICU en-US collation
 * (tests/server/helpers.ts), whatever the cluster's own locale.
 */
import type { TestProject } from 'vitest/node';
import { startPgCluster } from '../../scripts/pg-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.UMENU_TEST_DATABASE_URL) {
    project.provide('pgUrl', process.env.UMENU_TEST_DATABASE_URL);
    return () => {};
  }
  const started = Date.now();
  const cluster = await startPgCluster(
    process.env.UMENU_TEST_PG_PORT ? { port: Number(process.env.UMENU_TEST_PG_PORT) } : {},
  );
  console.log(`[server-pg] PostgreSQL de prueba en 127.0.0.1:${cluster.port} (${Date.now() - started} ms)`);
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}
