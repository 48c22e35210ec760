/**
 * `UMENU_BUILD_HOOK` (README, "Deploying to a static host"): after a venue changes, the API POSTs the venue's id
 * to the static host's build hook, once per burst of edits, so its CI rebuilds the site.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Venue } from '../../src/contract/venue.ts';
import { startTestServer, type TestServer } from './helpers.ts';

interface HookCall {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

let hook: Server;
const calls: HookCall[] = [];
let s: TestServer;
let waiters: Array<() => void> = [];

/** Resolves once the hook has been called `n` times. */
function calledTimes(n: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (calls.length >= n) resolve();
      else waiters.push(check);
    };
    check();
  });
}

beforeAll(async () => {
  hook = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      calls.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(text || 'null'),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      const pending = waiters;
      waiters = [];
      for (const w of pending) w();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const { port } = hook.address() as AddressInfo;
  s = await startTestServer({ buildHook: `http://127.0.0.1:${port}/build_hooks/abc123`, buildHookDebounceMs: 1_000 });
});
afterAll(async () => {
  await s.dispose();
  await new Promise((resolve) => hook.close(resolve));
});

describe('UMENU_BUILD_HOOK', () => {
  it('is POSTed once with the venue id after a burst of edits (PUT and the kitchen’s PATCH), and again after a later edit', async () => {
    const manager = await s.tokenFor('gerente@umenu.test');
    const cook = await s.tokenFor('cocina@umenu.test');
    const venue = (await (await s.request('/api/venues/taqueria-el-guero')).json()) as Venue;
    const renamed = structuredClone(venue);
    renamed.categories[0]!.products[0]!.name = 'Tacos al pastor (nueva receta)';
    expect(
      (await s.request('/api/venues/taqueria-el-guero', { method: 'PUT', token: manager, json: renamed })).status,
    ).toBe(200);
    renamed.categories[0]!.products[0]!.price += 500;
    expect(
      (await s.request('/api/venues/taqueria-el-guero', { method: 'PUT', token: manager, json: renamed })).status,
    ).toBe(200);
    expect(
      (
        await s.request('/api/venues/taqueria-el-guero/products/tacos-al-pastor', {
          method: 'PATCH',
          token: cook,
          json: { available: false },
        })
      ).status,
    ).toBe(200);
    expect(calls).toHaveLength(0);

    await calledTimes(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/build_hooks/abc123',
      body: { venueId: 'taqueria-el-guero', venueIds: ['taqueria-el-guero'] },
    });
    expect(calls[0]!.headers['content-type']).toBe('application/json');

    // A later edit of another venue: one more call, for that venue only (the burst above made one).
    const bar = (await (await s.request('/api/venues/bar-el-cabanyal')).json()) as Venue;
    expect(
      (
        await s.request('/api/venues/bar-el-cabanyal', {
          method: 'PUT',
          token: manager,
          json: { ...bar, tagline: 'Tapas junto al mar' },
        })
      ).status,
    ).toBe(200);
    await calledTimes(2);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toMatchObject({ venueId: 'bar-el-cabanyal', venueIds: ['bar-el-cabanyal'] });
  });
});
