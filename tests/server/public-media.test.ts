/**
 * With `UMENU_API_PUBLIC_URL` (the API on its own origin), image addresses in every answer are
 * absolute, stored documents keep them relative, and the site's CSP allows images from that
 * origin and from any API origin the site may call (UMENU_CSP_CONNECT).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { configFromEnv, testConfig } from '../../server/platform/config.ts';
import { siteCsp } from '../../server/platform/security.ts';
import type { Venue, VenueSummary } from '../../src/contract/venue.ts';

const PUBLIC = 'https://api.umenu.example/api';
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ apiPublicUrl: PUBLIC });
});
afterAll(async () => {
  await s.dispose();
});

function imageSources(value: unknown): string[] {
  return [...JSON.stringify(value).matchAll(/"src":"([^"]+)"/g)].map((m) => m[1]!);
}

describe('absolute image addresses from UMENU_API_PUBLIC_URL', () => {
  it('reads the public base from the environment, without a trailing slash', () => {
    expect(configFromEnv({ UMENU_API_PUBLIC_URL: 'https://api.umenu.example/api/' }).apiPublicUrl).toBe(PUBLIC);
    expect(configFromEnv({ UMENU_API_PUBLIC_URL: 'ftp://nope' }).apiPublicUrl).toBeUndefined();
    expect(configFromEnv({}).apiPublicUrl).toBeUndefined();
  });

  it('answers venue lists, venues and products with absolute image addresses that the API serves', async () => {
    const list = (await (await s.request('/api/venues')).json()) as { venues: VenueSummary[] };
    const venueRes = await s.request('/api/venues/taqueria-el-guero');
    const venue = (await venueRes.json()) as Venue;
    const sources = [...imageSources(list), ...imageSources(venue)];
    expect(sources.length).toBeGreaterThan(10);
    for (const src of sources) expect(src.startsWith(`${PUBLIC}/media/`), src).toBe(true);
    // Each one is an image the API really has.
    const svg = await s.request(`/api${sources[0]!.slice(PUBLIC.length)}`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('revalidates the public copy with its own ETag (304), compressed like the original', async () => {
    const first = await s.request('/api/venues/taqueria-el-guero', { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers.get('content-encoding')).toBe('br');
    const again = await s.request('/api/venues/taqueria-el-guero', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it("stores what an admin sends back with the API's own absolute addresses as relative ones", async () => {
    const token = await s.tokenFor('admin@umenu.test');
    const venue = (await (await s.request('/api/venues/taqueria-el-guero')).json()) as Venue;
    const saved = await s.request('/api/venues/taqueria-copia', {
      method: 'PUT',
      token,
      json: { ...venue, id: 'taqueria-copia' },
    });
    expect(saved.status).toBe(200);
    for (const src of imageSources(await saved.json())) expect(src.startsWith(`${PUBLIC}/media/`), src).toBe(true);
    const stored = s.deps.venues.get('taqueria-copia')!.venue;
    for (const src of imageSources(stored)) expect(src.startsWith('/api/media/'), src).toBe(true);
  });

  it('allows images (and requests) from the API origins in the site CSP', () => {
    const csp = siteCsp(testConfig({ apiPublicUrl: PUBLIC, cspConnect: ['https://other-api.example'] }), {
      scriptHashes: [],
    });
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))!;
    expect(directive('img-src')).toBe("img-src 'self' data: blob: https://api.umenu.example https://other-api.example");
    expect(directive('connect-src')).toBe("connect-src 'self' https://api.umenu.example https://other-api.example");
    // Without any: only the site itself.
    expect(siteCsp(testConfig(), { scriptHashes: [] })).toContain("img-src 'self' data: blob:;");
  });
});

describe('without a public address', () => {
  it('keeps image addresses relative to the API base', async () => {
    const plain = await startTestServer();
    try {
      const venue = (await (await plain.request('/api/venues/taqueria-el-guero')).json()) as Venue;
      for (const src of imageSources(venue)) expect(src.startsWith('/api/media/'), src).toBe(true);
    } finally {
      await plain.dispose();
    }
  });
});
