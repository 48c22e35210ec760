/**
 * Clients that send slowly cannot hold the server (docs/rules.md#limits-and-bad-input): a JSON
 * body that drips in is refused with 408 and its connection closed; headers that never end are
 * cut off. Against a real `scripts/start.ts` process (Node's own server timeouts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { startServer, type StartedServer } from '../../scripts/start-server.ts';
import { testDatabase } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

let server: StartedServer;
let database: Awaited<ReturnType<typeof testDatabase>>;

beforeAll(async () => {
  database = await testDatabase();
  server = await startServer({
    env: {
      UMENU_DB: database.config.dbPath!,
      UMENU_DIST: join(database.dir, 'dist'),
      UMENU_SKIP_BUILD: '1',
      UMENU_JWT_SECRET: 'z'.repeat(40),
      ...(database.config.databaseUrl ? { UMENU_DATABASE_URL: database.config.databaseUrl } : {}),
      UMENU_BODY_TIMEOUT_MS: '1000',
      UMENU_HEADERS_TIMEOUT_MS: '1500',
    },
  });
}, ceiling(60_000));
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** Opens a raw connection and collects what the server sends until it closes it. */
function rawConnection(port: number): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  socket.on('error', () => {});
  return { socket, closed };
}

describe('slow clients', () => {
  it(
    'a JSON body that drips in gets 408 in Spanish and the connection is closed',
    async () => {
      const { socket, closed } = rawConnection(server.port);
      const body = JSON.stringify({ email: 'ana@umenu.test', password: 'demo1234' });
      socket.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      // One more byte every 300 ms: the whole body would take ~15 s.
      const drip = setInterval(() => socket.writable && socket.write(' '), 300);
      const started = Date.now();
      const answer = await closed.finally(() => clearInterval(drip));
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(answer).toContain('"type":"urn:umenu:problem:timeout"');
      expect(answer).toContain('Los datos tardaron demasiado en llegar');
      expect(Date.now() - started).toBeLessThan(8000);
    },
    ceiling(20_000),
  );

  it(
    'a client that goes away in the middle of its body is one line in the log, not an unexpected error',
    async () => {
      const before = server.output().length;
      const { socket, closed } = rawConnection(server.port);
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"email":',
      );
      await new Promise((r) => setTimeout(r, 300));
      socket.destroy();
      await closed;
      // The server noticed (its answer to the next request is logged after it).
      expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
      await expect.poll(() => server.output().slice(before)).toContain('client went away');
      const log = server.output().slice(before);
      expect(log).not.toContain('unexpected error');
      expect(log).not.toMatch(/\n\s+at /);
    },
    ceiling(20_000),
  );

  it(
    'headers that never end are cut off',
    async () => {
      const { socket, closed } = rawConnection(server.port);
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 300);
      const started = Date.now();
      const answer = await closed.finally(() => clearInterval(drip));
      expect(answer === '' || /^HTTP\/1\.1 408/.test(answer)).toBe(true);
      expect(Date.now() - started).toBeLessThan(8000);
      // The server still answers everyone else.
      expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    },
    ceiling(20_000),
  );
});
