import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Venue, VenueList, ALLERGENS } from '../../src/contract/index.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { isOpenAt } from '../../server/platform/hours.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.dispose());

describe('GET /api/venues', () => {
  it('lists the three demo venues as summaries', async () => {
    const res = await s.request('/api/venues');
    expect(res.status).toBe(200);
    const body = VenueList.parse(await res.json());
    expect(body.venues.map((v) => v.id).sort()).toEqual(['bar-el-cabanyal', 'cafe-la-macarena', 'taqueria-el-guero']);
    expect(body.venues[0]).not.toHaveProperty('categories');
  });

  it('searches by name, city and cuisine without caring about accents or case', async () => {
    const ids = async (q: string) =>
      (
        (await (await s.request(`/api/venues?q=${encodeURIComponent(q)}`)).json()) as { venues: Array<{ id: string }> }
      ).venues.map((v) => v.id);
    expect(await ids('bogota')).toEqual(['cafe-la-macarena']);
    expect(await ids('GÜERO')).toEqual(['taqueria-el-guero']);
    expect(await ids('mexicana')).toEqual(['taqueria-el-guero']);
    expect(await ids('Tapas valencia')).toEqual(['bar-el-cabanyal']);
    expect(await ids('sushi')).toEqual([]);
  });

  it('refuses an absurdly long query with problem details, not a 500', async () => {
    const res = await s.request(`/api/venues?q=${'a'.repeat(500)}`);
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('GET /api/venues/{id}', () => {
  it('returns a venue that matches the contract, with a strong ETag and revalidation', async () => {
    const res = await s.request('/api/venues/taqueria-el-guero');
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    Venue.parse(await res.json());
    const again = await s.request('/api/venues/taqueria-el-guero', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const stale = await s.request('/api/venues/taqueria-el-guero', { headers: { 'if-none-match': '"old"' } });
    expect(stale.status).toBe(200);
  });

  it('serves a compressed body when the client accepts it', async () => {
    // Compressed copies are made off the event loop right after start-up: allow them a moment.
    let encoding: string | null = null;
    for (let i = 0; i < 40 && encoding === null; i++) {
      const res = await s.request('/api/venues/bar-el-cabanyal', { headers: { 'accept-encoding': 'gzip' } });
      encoding = res.headers.get('content-encoding');
      if (encoding === null) await new Promise((r) => setTimeout(r, 25));
    }
    expect(encoding).toBe('gzip');
  });

  it('answers 404 problem details for unknown, malformed and reserved ids', async () => {
    for (const id of ['no-existe', 'UPPER', 'login', '-x', encodeURIComponent('ñandú')]) {
      const res = await s.request(`/api/venues/${id}`);
      expect(res.status, id).toBe(404);
      const body = (await res.json()) as { type: string; title: string };
      expect(body.type).toBe('urn:umenu:problem:not-found');
      expect(body.title).toBe('No encontrado');
    }
  });

  it('changes the ETag and updatedAt when the manager changes a price', async () => {
    const before = await s.request('/api/venues/cafe-la-macarena');
    const etag = before.headers.get('etag')!;
    const token = await s.tokenFor('gerente@umenu.test');
    const patch = await s.request('/api/venues/cafe-la-macarena/products/tinto', {
      method: 'PATCH',
      token,
      json: { price: 400000 },
    });
    expect(patch.status).toBe(200);
    const after = await s.request('/api/venues/cafe-la-macarena', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    const venue = Venue.parse(await after.json());
    expect(venue.categories.flatMap((c) => c.products).find((p) => p.id === 'tinto')?.price).toBe(400000);
    expect(venue.updatedAt > ((await before.json()) as { updatedAt: string }).updatedAt).toBe(true);
  });

  it('lets only staff of the venue or an admin change a product', async () => {
    const ana = await s.tokenFor('ana@umenu.test');
    expect(
      (
        await s.request('/api/venues/cafe-la-macarena/products/tinto', {
          method: 'PATCH',
          token: ana,
          json: { price: 1 },
        })
      ).status,
    ).toBe(403);
    expect(
      (await s.request('/api/venues/cafe-la-macarena/products/tinto', { method: 'PATCH', json: { price: 1 } })).status,
    ).toBe(401);
    const admin = await s.tokenFor('admin@umenu.test');
    expect(
      (
        await s.request('/api/venues/cafe-la-macarena/products/tinto', {
          method: 'PATCH',
          token: admin,
          json: { price: -5 },
        })
      ).status,
    ).toBe(422);
  });
});

describe('demo data', () => {
  const venues = async () =>
    Promise.all(
      ['taqueria-el-guero', 'cafe-la-macarena', 'bar-el-cabanyal'].map(async (id) =>
        Venue.parse(await (await s.request(`/api/venues/${id}`)).json()),
      ),
    );

  it('has three realistic venues with 25+ products, options, allergens, diet tags, unavailable items, tables and images', async () => {
    const list = await venues();
    expect(list.map((v) => [v.currency, v.locale, v.timezone])).toEqual([
      ['MXN', 'es-MX', 'America/Mexico_City'],
      ['COP', 'es-CO', 'America/Bogota'],
      ['EUR', 'es-ES', 'Europe/Madrid'],
    ]);
    for (const v of list) {
      const products = v.categories.flatMap((c) => c.products);
      expect(products.length, v.id).toBeGreaterThanOrEqual(25);
      expect(v.categories.length, v.id).toBeGreaterThanOrEqual(4);
      expect(new Set(products.map((p) => p.id)).size, 'unique product ids').toBe(products.length);
      expect(
        products.some((p) => !p.available),
        'an unavailable product',
      ).toBe(true);
      expect(
        products.some((p) => p.optionGroups.some((g) => g.min >= 1)),
        'a required choice',
      ).toBe(true);
      expect(
        products.some((p) => p.optionGroups.some((g) => g.max > 1)),
        'extras',
      ).toBe(true);
      expect(products.some((p) => p.tags.includes('vegano'))).toBe(true);
      expect(products.every((p) => p.allergens.every((a) => (ALLERGENS as readonly string[]).includes(a)))).toBe(true);
      expect(products.every((p) => p.image && p.image.width > 0 && p.image.height > 0 && p.image.placeholder)).toBe(
        true,
      );
      expect(products.every((p) => /[áéíóúñ]|\s/.test(p.name + p.description) && !/lorem/i.test(p.description))).toBe(
        true,
      );
      expect(v.tables?.length).toBeGreaterThan(5);
    }
  });

  it('keeps the taquería open at any hour and the others on real hours', async () => {
    const [taqueria, cafe, bar] = await venues();
    const hoursOfWeek = Array.from({ length: 7 * 24 }, (_, h) => new Date(Date.UTC(2026, 10, 16, h, 30)));
    expect(hoursOfWeek.every((d) => isOpenAt(taqueria!.hours, taqueria!.timezone, d))).toBe(true);
    expect(hoursOfWeek.some((d) => !isOpenAt(cafe!.hours, cafe!.timezone, d))).toBe(true);
    // Bar: Friday 01:00 in Valencia is still Thursday's late session? No: Thursday closes 23:30; Saturday 01:00 is Friday's.
    expect(isOpenAt(bar!.hours, bar!.timezone, new Date('2026-11-21T00:00:00Z'))).toBe(true); // Sat 01:00 Madrid
    expect(isOpenAt(bar!.hours, bar!.timezone, new Date('2026-11-20T00:00:00Z'))).toBe(false); // Fri 01:00 Madrid
    expect(isOpenAt(bar!.hours, bar!.timezone, new Date('2026-11-23T12:00:00Z'))).toBe(false); // Monday
  });

  it('serves the light SVG illustrations the images point to', async () => {
    const [taqueria] = await venues();
    const src = taqueria!.categories[0]!.products[0]!.image!.src;
    const res = await s.request(src);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const svg = await res.text();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.length).toBeLessThan(4000);
    expect((await s.request('/api/media/food/nothing-123456.svg')).status).toBe(404);
    expect((await s.request('/api/media/../../etc/passwd')).status).toBe(404);
  });
});

describe('contract document and headers', () => {
  it('serves an OpenAPI 3.1 document built from the contract', async () => {
    const res = await s.request('/api/openapi.json');
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/venues',
      '/venues/{id}',
      '/auth/login',
      '/auth/refresh',
      '/auth/logout',
      '/auth/user',
      '/orders',
      '/orders/{id}',
      '/orders/{id}/events',
      '/venues/{id}/orders',
      '/orders/{id}/status',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(Object.keys(doc.components.schemas.OrderInput!.properties!)).toContain('expectedTotal');
  });

  it('puts security headers on API answers and errors', async () => {
    for (const path of ['/api/venues', '/api/nothing-here']) {
      const res = await s.request(path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    const missing = await s.request('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { type: string }).type).toBe('urn:umenu:problem:not-found');
  });
});
