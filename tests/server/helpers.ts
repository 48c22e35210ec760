/** Test helpers: an in-process server on a temp database, logins and order bodies. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testConfig, type ServerConfig } from '../../server/config.ts';
import { createServer, type Server, type ServerOptions } from '../../server/main.ts';
import type { OrderInput } from '../../src/contract/order.ts';
import type { TokenPair } from '../../src/contract/auth.ts';
import { checkFetchResponse } from './openapi-conformance.ts';

export interface TestServer extends Server {
  dir: string;
  request(path: string, init?: RequestInit & { token?: string; json?: unknown; key?: string }): Promise<Response>;
  login(email: string, password?: string): Promise<TokenPair>;
  tokenFor(email: string): Promise<string>;
  /** A new diner with a token (no password: created like a social account). */
  newDiner(email: string, scope?: string[]): { token: string; id: string };
  dispose(): Promise<void>;
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}, options: ServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'umenu-test-'));
  const config = testConfig({ dbPath: join(dir, 'test.sqlite'), distDir: join(dir, 'dist'), ...overrides });
  const server = await createServer(config, options);
  const tokens = new Map<string, string>();
  const request: TestServer['request'] = async (path, init = {}) => {
    const { token, json, key, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (key) headers.set('idempotency-key', key);
    if (json !== undefined) headers.set('content-type', 'application/json');
    const method = rest.method ?? (json !== undefined ? 'POST' : 'GET');
    const response = await server.app.request(path, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json), method } : {}) });
    // Every answer must match the OpenAPI document (status, content type, schema).
    await checkFetchResponse(method, path, response);
    return response;
  };
  const login = async (email: string, password = 'demo1234') => {
    const res = await request('/api/auth/login', { json: { email, password } });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as TokenPair;
  };
  return {
    ...server,
    dir,
    request,
    login,
    async tokenFor(email) {
      let token = tokens.get(email);
      if (!token) tokens.set(email, (token = (await login(email)).token));
      return token;
    },
    newDiner(email, scope = []) {
      const user = server.deps.auth.findOrCreateUserByEmail({ email, name: email.split('@')[0]! });
      if (scope.length) server.deps.db.prepare('UPDATE users SET scope = ? WHERE id = ?').run(JSON.stringify(scope), user.id);
      return { token: server.deps.auth.issueTokenPair(user.id).token, id: user.id };
    },
    async dispose() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let keyCounter = 0;
export function newKey(): string {
  return `test-key-${process.pid}-${Date.now()}-${++keyCounter}`;
}

/** A valid taquería order: 2 × tacos al pastor (orden de 3, maíz) = 13 800, table 5, no tip. */
export function tacoOrder(overrides: Partial<OrderInput> = {}): OrderInput {
  return {
    venueId: 'taqueria-el-guero',
    mode: 'table',
    table: '5',
    customer: { name: 'Ana García', phone: '+52 55 1234 5678' },
    tip: { percent: 0 },
    payment: 'cash',
    lines: [{ productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'], quantity: 2 }],
    expectedTotal: 13800,
    ...overrides,
  };
}
