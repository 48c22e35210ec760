/**
 * Through a real listening server: static site serving (venue-shell fallback, caching,
 * compression, CSP with the inline-script hashes), SSE, CORS, the build page, and
 * `scripts/start.ts` start-up and graceful shutdown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { startTestServer, tacoOrder, newKey, type TestServer } from './helpers.ts';
import { loadSite } from '../../server/platform/static.ts';
import { startServer } from '../../scripts/start-server.ts';
import type { Order } from '../../src/contract/order.ts';
import { ceiling } from '../ceiling.ts';

const INLINE = 'console.log("isla")';
let s: TestServer;
let http: ServerType;
let base: string;

function writeSite(dir: string): void {
  mkdirSync(join(dir, '_astro'), { recursive: true });
  const page = (title: string) =>
    `<!doctype html><html lang="es"><head><title>${title}</title><script type="module">${INLINE}</script><script type="application/ld+json">{"a":1}</script></head><body>${'<p>menú</p>'.repeat(100)}</body></html>`;
  writeFileSync(join(dir, 'index.html'), page('Inicio'));
  writeFileSync(join(dir, '404.html'), page('This page could not be found'));
  writeFileSync(join(dir, 'venue-shell.html'), page('Local'));
  writeFileSync(join(dir, 'login.html'), page('Entrar'));
  writeFileSync(join(dir, 'taqueria-el-guero.html'), page('Taquería prerendered'));
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, '_astro', 'app.abc123.js'), 'export const x = 1;\n'.repeat(200));
}

/** Raw GET (node:http, so no automatic decompression). */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  s = await startTestServer({ corsOrigins: ['https://menu.example.com'], sseHeartbeatMs: 200 });
  const dist = join(s.dir, 'dist');
  writeSite(dist);
  s.deps.site.files = loadSite(dist);
  http = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => http.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  s.deps.orders.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await s.dispose();
});

describe('static site', () => {
  it('serves pages by clean URL with no-cache and a CSP that allows exactly its inline scripts', async () => {
    for (const path of ['/', '/login', '/login.html', '/login/']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const res = await fetch(`${base}/`);
    const csp = res.headers.get('content-security-policy')!;
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('serves prerendered venues, the fallback shell for venues created after the build, and 404 otherwise', async () => {
    expect(await (await fetch(`${base}/taqueria-el-guero`)).text()).toContain('Taquería prerendered');
    const shell = await fetch(`${base}/cafe-la-macarena`);
    expect(shell.status).toBe(200);
    expect(await shell.text()).toContain('<title>Local</title>');
    for (const path of ['/no-such-venue', '/panel', '/a/b/c', '/Mayusculas', '/%E0%A4%A']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('This page could not be found');
    }
  });

  it('serves hashed assets as immutable and compresses text with brotli or gzip', async () => {
    const br = await rawGet('/_astro/app.abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('export const x = 1;');
    const gz = await rawGet('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('<title>Inicio</title>');
    const sw = await rawGet('/sw.js');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const etag = gz.headers.etag as string;
    expect((await rawGet('/', { 'if-none-match': etag })).status).toBe(304);
  });

  it('refuses path traversal', async () => {
    const res = await rawGet('/..%2f..%2fpackage.json');
    expect(res.status).toBe(404);
  });

  it('answers 503 "Preparando umenu…" for pages while building, while the API keeps answering', async () => {
    s.deps.site.building = true;
    try {
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('Preparando umenu…');
      expect((await fetch(`${base}/api/venues`)).status).toBe(200);
    } finally {
      s.deps.site.building = false;
    }
  });
});

describe('API over HTTP', () => {
  it('allows CORS only for configured origins', async () => {
    const ok = await fetch(`${base}/api/venues`, { headers: { origin: 'https://menu.example.com' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://menu.example.com');
    const evil = await fetch(`${base}/api/venues`, { headers: { origin: 'https://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${base}/api/orders`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://menu.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'idempotency-key, authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
  });

  it('streams the order status over SSE: current status on connect, then each change, with heartbeats', async () => {
    const ana = await s.tokenFor('ana@umenu.test');
    const cook = await s.tokenFor('cocina@umenu.test');
    const order = (await (
      await fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ana}`, 'idempotency-key': newKey(), 'content-type': 'application/json' },
        body: JSON.stringify(tacoOrder()),
      })
    ).json()) as Order;
    const controller = new AbortController();
    // A token in the URL is not accepted (URLs end up in logs): only the Authorization header.
    expect((await fetch(`${base}/api/orders/${order.id}/events?access_token=${ana}`)).status).toBe(401);
    const res = await fetch(`${base}/api/orders/${order.id}/events`, {
      headers: { authorization: `Bearer ${ana}` },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    let text = '';
    const readUntil = async (predicate: (t: string) => boolean) => {
      const deadline = Date.now() + 5000;
      while (!predicate(text) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    };
    await readUntil((t) => t.includes('"status":"received"'));
    expect(text).toContain('event: order');
    await fetch(`${base}/api/orders/${order.id}/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cook}`, 'content-type': 'application/json' },
      body: '{"status":"preparing"}',
    });
    await readUntil((t) => t.includes('"status":"preparing"'));
    expect(text).toMatch(/event: order\ndata: \{[^\n]*"status":"preparing"/);
    await readUntil((t) => t.includes(': ping'));
    expect(text).toContain(': ping');
    controller.abort();
  });
});

describe('live staff board over SSE', () => {
  it("tells the venue's staff about every new order and status change, and nobody else", async () => {
    const ana = await s.tokenFor('ana@umenu.test');
    const cook = await s.tokenFor('cocina@umenu.test');
    const barista = (await s.newDiner('barista-sse@umenu.test', ['staff:cafe-la-macarena'])).token;
    const events = (token: string) =>
      fetch(`${base}/api/venues/taqueria-el-guero/orders/events`, { headers: { authorization: `Bearer ${token}` } });
    expect((await events(barista)).status).toBe(403);
    expect((await events(ana)).status).toBe(403);
    expect((await fetch(`${base}/api/venues/taqueria-el-guero/orders/events?access_token=${cook}`)).status).toBe(401);

    const controller = new AbortController();
    const res = await fetch(`${base}/api/venues/taqueria-el-guero/orders/events`, {
      headers: { authorization: `Bearer ${cook}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    const readUntil = async (predicate: (t: string) => boolean) => {
      const deadline = Date.now() + 5000;
      while (!predicate(text) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    };
    await readUntil((t) => t.includes('event: ready'));
    const order = (await (
      await fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ana}`, 'idempotency-key': newKey(), 'content-type': 'application/json' },
        body: JSON.stringify(tacoOrder()),
      })
    ).json()) as Order;
    await readUntil((t) => t.includes(`"id":"${order.id}"`));
    expect(text).toContain(`"number":"${order.number}"`);
    await fetch(`${base}/api/orders/${order.id}/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cook}`, 'content-type': 'application/json' },
      body: '{"status":"preparing"}',
    });
    await readUntil((t) => t.includes('"status":"preparing"'));
    // Each message carries an increasing numeric id (what Last-Event-ID resumes from).
    const placed = /event: order\ndata: [^\n]*"status":"received"[^\n]*\nid: (\d+)/.exec(text);
    const moved = /event: order\ndata: [^\n]*"status":"preparing"[^\n]*\nid: (\d+)/.exec(text);
    expect(Number(moved?.[1])).toBeGreaterThan(Number(placed?.[1]));
    controller.abort();
  });
});

describe('scripts/start.ts', () => {
  it(
    'starts on its port, prints the address, serves site and API, and exits cleanly on SIGTERM',
    async () => {
      const dist = join(s.dir, 'dist');
      const server = await startServer({
        env: {
          UMENU_DB: join(s.dir, 'start.sqlite'),
          UMENU_DIST: dist,
          UMENU_SKIP_BUILD: '1',
          UMENU_JWT_SECRET: 'x'.repeat(40),
        },
        timeoutMs: 20_000,
      });
      try {
        expect(server.output()).toContain(`umenu listo en http://localhost:${server.port}`);
        expect((await fetch(`${server.base}/`)).status, server.output()).toBe(200);
        expect((await fetch(`${server.base}/api/venues/bar-el-cabanyal`)).status, server.output()).toBe(200);
        server.child.kill('SIGTERM');
        expect(await server.exited, server.output()).toBe(0);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    },
    ceiling(40_000),
  );
});
