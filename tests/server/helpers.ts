/**
 * Test helpers: an in-process server on a temp database, logins and order bodies.
 * In the `server-pg` project (see vitest.config.ts) every server gets a fresh PostgreSQL
 * database (ICU collation en-US) instead of a SQLite file; `testDatabase()` makes one for several instances.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { inject } from 'vitest';
import postgres from 'postgres';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testConfig, type ServerConfig } from '../../server/platform/config.ts';
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
  newDiner(email: string, scope?: string[]): Promise<{ token: string; id: string }>;
  dispose(): Promise<void>;
}

/** The PostgreSQL server of this test run (project `server-pg`), else undefined (SQLite). */
export function pgUrl(): string | undefined {
  try {
    return inject('pgUrl');
  } catch {
    return undefined;
  }
}

export const dialectName = () => (pgUrl() ? 'postgres' : 'sqlite');

/** The ICU collation of every PostgreSQL test database. */
export const TEST_ICU_LOCALE = 'en-US';

/** A fresh, empty database: a new PostgreSQL database (project server-pg) or a SQLite file. */
export async function testDatabase(): Promise<{ config: Partial<ServerConfig>; dir: string; drop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'umenu-test-'));
  const base = { dbPath: join(dir, 'test.sqlite'), distDir: join(dir, 'dist') };
  const admin = pgUrl();
  if (!admin) return { config: base, dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  const name = `t_${randomBytes(6).toString('hex')}`;
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  // A real installation's collation (ICU en-US: case, «-» and «_» do not sort by code unit),
  // never the cluster's C, so that an order that depends on the collation cannot hide.
  await sql.unsafe(
    `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE '${TEST_ICU_LOCALE}'`,
  );
  await sql.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    config: { ...base, databaseUrl: url.toString(), dbPoolSize: 4 },
    dir,
    async drop() {
      rmSync(dir, { recursive: true, force: true });
      const again = postgres(admin, { max: 1, onnotice: () => {} });
      await again.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await again.end();
    },
  };
}

export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  options: ServerOptions = {},
  database?: Awaited<ReturnType<typeof testDatabase>>,
): Promise<TestServer> {
  const own = database ? undefined : await testDatabase();
  const db = database ?? own!;
  const dir = db.dir;
  const config = testConfig({ ...db.config, ...overrides });
  const server = await createServer(config, options);
  const tokens = new Map<string, string>();
  const request: TestServer['request'] = async (path, init = {}) => {
    const { token, json, key, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (key) headers.set('idempotency-key', key);
    if (json !== undefined) headers.set('content-type', 'application/json');
    const method = rest.method ?? (json !== undefined ? 'POST' : 'GET');
    const response = await server.app.request(path, {
      ...rest,
      headers,
      ...(json !== undefined ? { body: JSON.stringify(json), method } : {}),
    });
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
    async newDiner(email, scope = []) {
      const user = await server.deps.auth.findOrCreateUserByEmail({ email, name: email.split('@')[0]! });
      if (scope.length)
        await server.deps.db.run('UPDATE users SET scope = ? WHERE id = ?', [JSON.stringify(scope), user.id]);
      return { token: (await server.deps.auth.issueTokenPair(user.id)).token, id: user.id };
    },
    async dispose() {
      await server.close();
      await own?.drop();
    },
  };
}

let keyCounter = 0;
export function newKey(): string {
  return `test-key-${process.pid}-${Date.now()}-${++keyCounter}`;
}

/** A valid taquería order: 2 × tacos al pastor (orden de 3, maíz) = 13 800, to pick up, no tip. */
export function tacoOrder(overrides: Partial<OrderInput> = {}): OrderInput {
  return {
    venueId: 'taqueria-el-guero',
    mode: 'pickup',
    customer: { name: 'Ana García', phone: '+52 55 1234 5678' },
    tip: { percent: 0 },
    payment: 'cash',
    lines: [{ productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'], quantity: 2 }],
    expectedTotal: 13800,
    ...overrides,
  };
}

export interface SseMessage {
  event?: string;
  id?: string;
  data?: string;
  retry?: string;
}

/** Parses a text/event-stream body into its messages (comments dropped). */
export function parseSse(text: string): SseMessage[] {
  const out: SseMessage[] = [];
  for (const block of text.split('\n\n')) {
    const message: SseMessage = {};
    for (const line of block.split('\n')) {
      const match = /^(event|id|data|retry): ?(.*)$/.exec(line);
      if (match) message[match[1] as keyof SseMessage] = match[2]!;
    }
    if (Object.keys(message).length) out.push(message);
  }
  return out;
}

export interface EventReader {
  status: number;
  /** Messages so far. */
  messages(): SseMessage[];
  /** Waits until `predicate(messages)` holds (or throws after `timeoutMs`). */
  until(predicate: (messages: SseMessage[]) => boolean, timeoutMs?: number): Promise<SseMessage[]>;
  /** Resolves when the server ended the stream. */
  ended: Promise<string>;
  close(): void;
}

/** Opens an SSE stream on an in-process server and reads it in the background. */
export async function openEvents(
  server: Pick<TestServer, 'request'>,
  path: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<EventReader> {
  const controller = new AbortController();
  const res = await server.request(path, { token, headers, signal: controller.signal });
  let text = '';
  const waiters = new Set<() => void>();
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    if (!reader || res.status !== 200) return text;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        for (const wake of [...waiters]) wake();
      }
    } catch {
      /* aborted */
    }
    for (const wake of [...waiters]) wake();
    return text;
  })();
  let finished = false;
  void ended.then(() => (finished = true));
  return {
    status: res.status,
    messages: () => parseSse(text),
    async until(predicate, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(parseSse(text))) {
        if (finished) throw new Error(`stream ended before the expected messages:\n${text}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`timed out waiting for messages; got:\n${text}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
      return parseSse(text);
    },
    ended,
    close() {
      controller.abort();
      void reader?.cancel().catch(() => {});
    },
  };
}

/** `order` messages of a stream, parsed. */
export const orderEvents = (messages: SseMessage[]) =>
  messages
    .filter((m) => m.event === 'order')
    .map((m) => ({ id: Number(m.id), order: JSON.parse(m.data!) as { id: string; status: string; number: string } }));
