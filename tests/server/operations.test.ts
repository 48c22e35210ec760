/**
 * One definition per operation (server/platform/operations.ts): every API route the app answers
 * is an operation of the OpenAPI document, and every documented operation has its route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/openapi.ts';
import { startTestServer, type TestServer } from './helpers.ts';

type Paths = Record<string, Record<string, unknown>>;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.dispose();
});

describe('API operations', () => {
  it('the app routes every documented operation, and documents every route it has', () => {
    const routed = new Set(
      s.app.routes
        .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path.slice('/api'.length).replace(/:(\w+)/g, '{$1}')}`),
    );
    const documented = new Set(
      Object.entries(openApiDocument().paths as Paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    // A route written as a wildcard would be matched by its documented prefix.
    const wildcard = [...routed].filter((r) => r.endsWith('/*'));
    const covered = (op: string) =>
      routed.has(op) || wildcard.some((w) => op.startsWith(w.slice(0, -1)) && op.split(' ')[0] === w.split(' ')[0]);
    expect(routed).toContain('POST /orders');
    expect(documented).toContain('POST /orders');
    expect([...documented].filter((op) => !covered(op))).toEqual([]);
    expect([...routed].filter((r) => !r.endsWith('/*') && !documented.has(r))).toEqual([]);
  });
});
