/**
 * Early answers (before or instead of reading the request body) leave a kept-alive
 * connection usable: a real keep-alive client sends a request that is refused early,
 * then another request, and the second one is answered — on the same socket when the
 * server kept it open, on a new one when the server said `Connection: close`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { startTestServer, tacoOrder, newKey, type TestServer } from './helpers.ts';
import { checkResponse } from './openapi-conformance.ts';
import { ceiling } from '../ceiling.ts';

let s: TestServer;
let http: ServerType;
let port: number;

beforeAll(async () => {
  s = await startTestServer({ bodyLimitBytes: 1024 });
  http = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => http.once('listening', () => resolve()));
  port = (http.address() as AddressInfo).port;
});
afterAll(async () => {
  s.deps.orders.close();
  (http as { closeAllConnections?: () => void }).closeAllConnections?.();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await s.dispose();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  socket: Socket;
}

/** One request through `agent`; the body is written in chunks, like a phone on a slow link. */
async function send(
  agent: Agent,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Answer> {
  const answer = await new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            socket: req.socket!,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body) {
      // Big bodies go out in pieces; the server may answer before it has them all.
      for (let i = 0; i < body.length; i += 16 * 1024) req.write(body.subarray(i, i + 16 * 1024));
    }
    req.end();
  });
  checkResponse(method, path, answer.status, answer.headers['content-type'] ?? null, answer.body);
  return answer;
}

const bigJson = (bytes: number) => Buffer.from(JSON.stringify({ note: 'x'.repeat(bytes) }));

describe('early answers on a kept-alive connection', () => {
  const cases: Array<{
    name: string;
    method: string;
    path: string;
    headers: (token: string) => Record<string, string>;
    body: Buffer;
    status: number;
  }> = [
    {
      name: '413 for an oversized body',
      method: 'POST',
      path: '/api/orders',
      headers: (t) => ({
        'content-type': 'application/json',
        authorization: `Bearer ${t}`,
        'idempotency-key': newKey(),
      }),
      body: bigJson(2 * 1024 * 1024),
      status: 413,
    },
    {
      name: '413 for an oversized login',
      method: 'POST',
      path: '/api/auth/login',
      headers: () => ({ 'content-type': 'application/json' }),
      body: bigJson(300 * 1024),
      status: 413,
    },
    {
      name: '401 before reading the body',
      method: 'POST',
      path: '/api/orders',
      headers: () => ({ 'content-type': 'application/json', 'idempotency-key': newKey() }),
      body: Buffer.from(JSON.stringify(tacoOrder())),
      status: 401,
    },
    {
      name: '401 before reading a large body',
      method: 'POST',
      path: '/api/orders',
      headers: () => ({ 'content-type': 'application/json', 'idempotency-key': newKey() }),
      body: bigJson(900),
      status: 401,
    },
    {
      name: '415 for a body that is not JSON',
      method: 'POST',
      path: '/api/auth/login',
      headers: () => ({ 'content-type': 'text/plain' }),
      body: Buffer.from('email=ana@umenu.test'),
      status: 415,
    },
    {
      name: '400 for malformed JSON',
      method: 'POST',
      path: '/api/auth/login',
      headers: () => ({ 'content-type': 'application/json' }),
      body: Buffer.from('{"email": '),
      status: 400,
    },
    {
      name: '404 for an unknown route with a body',
      method: 'POST',
      path: '/api/nothing-here',
      headers: () => ({ 'content-type': 'application/json' }),
      body: bigJson(500),
      status: 404,
    },
  ];

  for (const c of cases) {
    it(`${c.name}, then the next request on the connection succeeds`, async () => {
      const token = await s.tokenFor('ana@umenu.test');
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const first = await send(agent, c.method, c.path, c.headers(token), c.body);
        expect(first.status).toBe(c.status);
        expect(first.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect((JSON.parse(first.body) as { status: number }).status).toBe(c.status);
        const kept = first.headers.connection !== 'close';
        // The rest of the body (up to 16 MB, 413 too) is read to its end and thrown away before the
        // answer goes out: the connection is kept.
        expect(kept).toBe(true);

        const second = await send(agent, 'GET', '/api/venues/taqueria-el-guero', { accept: 'application/json' });
        expect(second.status).toBe(200);
        expect((JSON.parse(second.body) as { id: string }).id).toBe('taqueria-el-guero');
        if (kept) expect(second.socket).toBe(first.socket);
        else expect(second.socket).not.toBe(first.socket);

        const third = await send(
          agent,
          'POST',
          '/api/auth/login',
          { 'content-type': 'application/json' },
          Buffer.from(JSON.stringify({ email: 'ana@umenu.test', password: 'demo1234' })),
        );
        expect(third.status).toBe(200);
      } finally {
        agent.destroy();
      }
    });
  }
});

describe('oversized bodies, many at once', () => {
  it(
    '20 bodies of 3 MB at once each get their Spanish 413, and the next request on each connection succeeds',
    { timeout: ceiling(60_000) },
    async () => {
      const token = await s.tokenFor('ana@umenu.test');
      const agents = Array.from({ length: 20 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
      try {
        const body = bigJson(3 * 1024 * 1024);
        const answers = await Promise.allSettled(
          agents.map((agent) =>
            send(
              agent,
              'POST',
              '/api/orders',
              { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': newKey() },
              body,
            ),
          ),
        );
        const failures = answers.flatMap((a, i) => (a.status === 'rejected' ? [`#${i}: ${String(a.reason)}`] : []));
        expect(failures, 'connections that lost their answer').toEqual([]);
        for (const answer of answers) {
          const first = (answer as PromiseFulfilledResult<Answer>).value;
          expect(first.status).toBe(413);
          expect((JSON.parse(first.body) as { detail: string }).detail).toBe(
            'El cuerpo de la petición supera el máximo de 1 KB.',
          );
        }
        const next = await Promise.all(
          agents.map((agent) => send(agent, 'GET', '/api/venues/taqueria-el-guero', { accept: 'application/json' })),
        );
        expect(next.map((a) => a.status)).toEqual(agents.map(() => 200));
        // The body was read to its end and thrown away: the same connection answered.
        next.forEach((a, i) => expect(a.socket).toBe((answers[i] as PromiseFulfilledResult<Answer>).value.socket));
      } finally {
        for (const agent of agents) agent.destroy();
      }
    },
  );
});
