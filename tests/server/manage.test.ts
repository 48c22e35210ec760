/** Venue self-service (docs/rules.md#venue-self-service): scopes endpoint by endpoint, the editor's PUT, the kitchen's PATCH with history, images, tables. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { Venue, type Venue as VenueT } from '../../src/contract/venue.ts';
import { ProductHistory, TableList, UploadedImage } from '../../src/contract/manage.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { problemOf } from './table-kit.ts';

let s: TestServer;
const V = 'cafe-la-macarena';
let manager: string, staff: string, admin: string, diner: string, otherManager: string;

beforeAll(async () => {
  s = await startTestServer();
  manager = await s.tokenFor('gerente@umenu.test');
  staff = await s.tokenFor('cocina@umenu.test');
  admin = await s.tokenFor('admin@umenu.test');
  diner = await s.tokenFor('ana@umenu.test');
  otherManager = (await s.newDiner('otro-gerente@umenu.test', ['manager:bar-el-cabanyal'])).token;
});
afterAll(() => s.dispose());

const getVenue = async (id = V): Promise<VenueT> => Venue.parse(await (await s.request(`/api/venues/${id}`)).json());

describe('PUT /api/venues/{id} (the editor publishes)', () => {
  it('lets the venue manager and admins save; staff, diners, managers of another venue and anonymous get 403/401', async () => {
    const venue = await getVenue();
    const edited = { ...venue, tagline: 'Café de origen, ahora con horno propio' };
    for (const [who, token] of [
      ['diner', diner],
      ['staff', staff],
      ['other manager', otherManager],
    ] as const) {
      const res = await s.request(`/api/venues/${V}`, { method: 'PUT', token, json: edited });
      expect(res.status, who).toBe(403);
      expect((await problemOf(res)).detail).toMatch(/gestiona/);
    }
    expect((await s.request(`/api/venues/${V}`, { method: 'PUT', json: edited })).status).toBe(401);
    expect((await getVenue()).tagline).toBe(venue.tagline);

    const before = await s.request(`/api/venues/${V}`);
    const res = await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: edited });
    expect(res.status).toBe(200);
    const saved = Venue.parse(await res.json());
    expect(saved.tagline).toBe(edited.tagline);
    expect(saved.updatedAt).not.toBe(venue.updatedAt);
    const after = await s.request(`/api/venues/${V}`, { headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(
      (await s.request(`/api/venues/${V}`, { method: 'PUT', token: admin, json: { ...edited, tagline: 'Admin' } }))
        .status,
    ).toBe(200);
  });

  it('only an admin creates a new venue', async () => {
    const venue = { ...(await getVenue()), id: 'cafe-nuevo', name: 'Café Nuevo' };
    const refused = await s.request('/api/venues/cafe-nuevo', { method: 'PUT', token: manager, json: venue });
    expect(refused.status).toBe(403);
    expect((await problemOf(refused)).detail).toBe('Solo un administrador puede crear locales nuevos.');
    expect((await s.request('/api/venues/cafe-nuevo')).status).toBe(404);
    const created = await s.request('/api/venues/cafe-nuevo', { method: 'PUT', token: admin, json: venue });
    expect(created.status).toBe(200);
    expect((await getVenue('cafe-nuevo')).name).toBe('Café Nuevo');
    // "Nuevo local" sends If-None-Match: * so that an existing venue is never replaced.
    const again = await s.request('/api/venues/cafe-nuevo', {
      method: 'PUT',
      token: admin,
      json: { ...venue, name: 'Otro' },
      headers: { 'if-none-match': '*' },
    });
    expect(again.status).toBe(412);
    expect((await problemOf(again)).errors?.id).toEqual(['Ya existe un local con este identificador']);
    expect((await getVenue('cafe-nuevo')).name).toBe('Café Nuevo');
    const fresh = await s.request('/api/venues/cafe-nuevo-2', {
      method: 'PUT',
      token: admin,
      json: { ...venue, id: 'cafe-nuevo-2' },
      headers: { 'if-none-match': '*' },
    });
    expect(fresh.status).toBe(200);
  });

  it('refuses bad menus with Spanish errors at their fields and changes nothing', async () => {
    const venue = await getVenue();
    const etag = (await s.request(`/api/venues/${V}`)).headers.get('etag');
    const withGroup = (min: number, max: number) => {
      const copy = structuredClone(venue);
      const product = copy.categories[0]!.products[0]!;
      product.optionGroups = [
        {
          id: 'tamano',
          name: 'Tamaño',
          min,
          max,
          options: [
            { id: 'pequeno', name: 'Pequeño', priceDelta: 0, available: true },
            { id: 'grande', name: 'Grande', priceDelta: 100, available: true },
          ],
        },
      ];
      return copy;
    };
    const negative = structuredClone(venue);
    negative.categories[0]!.products[0]!.price = -100;
    const longName = structuredClone(venue);
    longName.categories[0]!.products[0]!.name = 'x'.repeat(10_000);
    const cases: Array<[string, unknown, string, RegExp]> = [
      ['negative price', negative, 'categories.0.products.0.price', /no puede ser negativo/],
      [
        'min > max',
        withGroup(2, 1),
        'categories.0.products.0.optionGroups.0.min',
        /mínimo no puede ser mayor que el máximo/,
      ],
      [
        'fewer options than max',
        withGroup(0, 3),
        'categories.0.products.0.optionGroups.0.max',
        /máximo no puede superar el número de opciones/,
      ],
      ['10,000-character name', longName, 'categories.0.products.0.name', /Máximo 80 caracteres/],
    ];
    for (const [what, body, field, message] of cases) {
      const res = await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: body });
      expect(res.status, what).toBe(422);
      const p = await problemOf(res);
      expect(p.title).toBe('Datos no válidos');
      expect(p.detail).toMatch(/no se ha guardado nada/);
      expect(p.errors?.[field]?.join(' '), what).toMatch(message);
    }
    expect((await s.request(`/api/venues/${V}`, { headers: { 'if-none-match': etag! } })).status).toBe(304);
  });

  it('keeps only images this API stores or https:// ones: javascript:, data: and plain http:// addresses are refused at their field', async () => {
    const venue = await getVenue();
    const etag = (await s.request(`/api/venues/${V}`)).headers.get('etag');
    const withImage = (src: string, where: 'logo' | 'dish') => {
      const copy = structuredClone(venue);
      const image = { src, width: 400, height: 300, alt: 'Foto' };
      if (where === 'logo') copy.logo = image;
      else copy.categories[0]!.products[1]!.image = image;
      return copy;
    };
    const cases: Array<[string, 'logo' | 'dish', string]> = [
      ['javascript:alert(document.cookie)', 'dish', 'categories.0.products.1.image.src'],
      ['data:text/html,<script>alert(1)</script>', 'dish', 'categories.0.products.1.image.src'],
      ['JaVaScRiPt:alert(1)', 'logo', 'logo.src'],
      ['http://fotos.example.com/flan.jpg', 'logo', 'logo.src'],
      ['/etc/passwd', 'dish', 'categories.0.products.1.image.src'],
    ];
    for (const [src, where, field] of cases) {
      const res = await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: withImage(src, where) });
      expect(res.status, src).toBe(422);
      const p = await problemOf(res);
      expect(p.detail).toMatch(/no se ha guardado nada/);
      expect(p.errors?.[field]?.join(' '), src).toBe('Usa una imagen subida a umenu o una dirección https://');
    }
    expect((await s.request(`/api/venues/${V}`, { headers: { 'if-none-match': etag! } })).status).toBe(304);
    // An https:// image and one of the API's own are kept.
    const ok = withImage('https://fotos.example.com/flan.jpg', 'dish');
    ok.logo = { src: '/api/media/logo/cm-0096c7.svg', width: 128, height: 128 };
    const saved = await s.request(`/api/venues/${V}`, { method: 'PUT', token: manager, json: ok });
    expect(saved.status).toBe(200);
    const after = await getVenue();
    expect(after.categories[0]!.products[1]!.image?.src).toBe('https://fotos.example.com/flan.jpg');
    expect(after.logo?.src).toBe('/api/media/logo/cm-0096c7.svg');
  });
});

describe('PATCH /api/venues/{id}/products/{productId} (the kitchen)', () => {
  it('staff mark a dish sold out and back; a price from staff is 403; managers change both; all recorded', async () => {
    const url = `/api/venues/${V}/products/tinto`;
    const original = (await getVenue()).categories.flatMap((c) => c.products).find((p) => p.id === 'tinto')!;
    const off = await s.request(url, { method: 'PATCH', token: staff, json: { available: false } });
    expect(off.status).toBe(200);
    expect(((await off.json()) as { available: boolean }).available).toBe(false);

    const priceFromStaff = await s.request(url, { method: 'PATCH', token: staff, json: { price: 1 } });
    expect(priceFromStaff.status).toBe(403);
    expect((await problemOf(priceFromStaff)).detail).toMatch(/Solo quien gestiona el local puede cambiar precios/);
    expect((await s.request(url, { method: 'PATCH', token: diner, json: { available: true } })).status).toBe(403);
    expect((await s.request(url, { method: 'PATCH', token: otherManager, json: { available: true } })).status).toBe(
      403,
    );
    const negative = await s.request(url, { method: 'PATCH', token: manager, json: { price: -5 } });
    expect(negative.status).toBe(422);
    expect((await problemOf(negative)).errors?.price?.[0]).toBe('El precio no puede ser negativo');

    const both = await s.request(url, {
      method: 'PATCH',
      token: manager,
      json: { available: true, price: original.price + 500 },
    });
    expect(both.status).toBe(200);

    const history = await s.request(`${url}/history`, { token: manager });
    expect(history.status).toBe(200);
    const { changes } = ProductHistory.parse(await history.json());
    expect(changes.map((c) => [c.field, c.old, c.new, c.by.name])).toEqual([
      ['available', false, true, 'Gerente umenu'],
      ['price', original.price, original.price + 500, 'Gerente umenu'],
      ['available', true, false, 'Cocina umenu'],
    ]);
    expect(Date.parse(changes[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await s.request(`${url}/history`, { token: diner })).status).toBe(403);
  });

  it('emits the change as a venue event on the venue stream', async () => {
    const latest = await s.deps.events.latestId(V);
    await s.request(`/api/venues/${V}/products/tinto`, { method: 'PATCH', token: staff, json: { available: false } });
    const events = await s.deps.events.since(V, latest);
    const venueEvent = events.find((e) => e.type === 'venue');
    expect(venueEvent).toBeDefined();
    expect(JSON.parse(venueEvent!.data)).toMatchObject({
      venueId: V,
      change: { productId: 'tinto', available: false },
    });
  });
});

async function upload(
  token: string | undefined,
  bytes: Uint8Array,
  filename: string,
  type: string,
  venue = V,
): Promise<Response> {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], filename, { type }));
  return s.request(`/api/venues/${venue}/media`, { method: 'POST', body: form, ...(token ? { token } : {}) });
}

describe('POST /api/venues/{id}/media', () => {
  it('stores a JPEG as WebP at 400/800/1200 without EXIF and serves it immutable', async () => {
    const jpeg = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 60, b: 30 } },
    })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secreto', Copyright: 'GPS en casa' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(manager, jpeg, 'plato.jpg', 'image/jpeg');
    expect(res.status).toBe(201);
    const image = UploadedImage.parse(await res.json());
    expect(image).toMatchObject({ width: 1200, height: 900 });
    expect(image.placeholder).toMatch(/^#[0-9a-f]{6}$/);
    expect(image.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['400w', '800w', '1200w']);
    for (const entry of image.srcset.split(', ')) {
      const [src, w] = entry.split(' ') as [string, string];
      const got = await s.request(src);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/webp');
      expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(new Uint8Array(await got.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Number.parseInt(w));
      expect(meta.exif).toBeUndefined();
    }
  });

  it('refuses other types by their bytes (a PDF renamed .png → 415), 20 MB → 413, staff/diner → 403', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'.repeat(20));
    const renamed = await upload(manager, pdf, 'foto.png', 'image/png');
    expect(renamed.status).toBe(415);
    expect((await problemOf(renamed)).detail).toMatch(/JPEG, PNG, WebP o AVIF/);
    const svg = await upload(
      manager,
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      'a.svg',
      'image/svg+xml',
    );
    expect(svg.status).toBe(415);
    const huge = new Uint8Array(20 * 1024 * 1024);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooLarge = await upload(manager, huge, 'enorme.jpg', 'image/jpeg');
    expect(tooLarge.status).toBe(413);
    expect((await problemOf(tooLarge)).detail).toMatch(/8 MB/);
    const broken = new Uint8Array(5000);
    broken.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const corrupt = await upload(manager, broken, 'rota.png', 'image/png');
    expect(corrupt.status).toBe(415);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    expect((await upload(staff, png, 'a.png', 'image/png')).status).toBe(403);
    expect((await upload(diner, png, 'a.png', 'image/png')).status).toBe(403);
    expect((await upload(otherManager, png, 'a.png', 'image/png')).status).toBe(403);
    expect((await upload(undefined, png, 'a.png', 'image/png')).status).toBe(401);
    const small = await upload(admin, png, 'a.png', 'image/png');
    expect(small.status).toBe(201);
    expect(UploadedImage.parse(await small.json()).width).toBe(10);
  });

  it('an admin uploads images for a new venue before publishing it; nobody else for a venue that does not exist', async () => {
    const png = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    expect((await s.request('/api/venues/pizzeria-sin-publicar')).status).toBe(404);
    const res = await upload(admin, png, 'logo.png', 'image/png', 'pizzeria-sin-publicar');
    expect(res.status).toBe(201);
    const image = UploadedImage.parse(await res.json());
    expect(image.src).toMatch(/^\/api\/media\/u\/pizzeria-sin-publicar\//);
    expect((await s.request(image.src)).status).toBe(200);
    for (const token of [manager, staff])
      expect((await upload(token, png, 'logo.png', 'image/png', 'pizzeria-sin-publicar')).status).toBe(404);
    expect((await upload(admin, png, 'logo.png', 'image/png', 'panel')).status).toBe(404);
  });
});

describe('GET /api/venues/{id}/exists', () => {
  it('says whether an id is taken with 200 either way (no failed request for the expected "no")', async () => {
    const check = async (id: string) => {
      const res = await s.request(`/api/venues/${id}/exists`);
      expect(res.status).toBe(200);
      return res.json();
    };
    expect(await check(V)).toEqual({ id: V, exists: true, valid: true });
    expect(await check('nadie-lo-tiene')).toEqual({ id: 'nadie-lo-tiene', exists: false, valid: true });
    expect(await check('panel')).toEqual({ id: 'panel', exists: false, valid: false });
  });
});

describe('tables', () => {
  it('lists each table with a link carrying a long random token; managers rotate it; scopes hold', async () => {
    const res = await s.request(`/api/venues/${V}/tables`, { token: staff });
    expect(res.status).toBe(200);
    const { tables } = TableList.parse(await res.json());
    expect(tables.map((t) => t.label)).toEqual((await getVenue()).tables);
    const patio = tables.find((t) => t.label === 'Patio')!;
    const url = new URL(patio.url);
    expect(url.pathname).toBe(`/${V}`);
    expect(url.searchParams.get('mesa')).toBe('Patio');
    const token = url.searchParams.get('t')!;
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(96);
    expect(new Set(tables.map((t) => new URL(t.url).searchParams.get('t'))).size).toBe(tables.length);
    // Stable until rotated.
    const again = TableList.parse(await (await s.request(`/api/venues/${V}/tables`, { token: manager })).json());
    expect(again.tables.find((t) => t.label === 'Patio')!.url).toBe(patio.url);

    expect((await s.request(`/api/venues/${V}/tables`, { token: diner })).status).toBe(403);
    expect((await s.request(`/api/venues/${V}/tables`, { token: otherManager })).status).toBe(403);
    expect((await s.request(`/api/venues/${V}/tables/Patio/token`, { method: 'POST', token: staff })).status).toBe(403);
    expect((await s.request(`/api/venues/${V}/tables/Patio/token`, { method: 'POST', token: diner })).status).toBe(403);
    expect(
      (await s.request(`/api/venues/${V}/tables/No%20existe/token`, { method: 'POST', token: manager })).status,
    ).toBe(404);

    const rotated = await s.request(`/api/venues/${V}/tables/${encodeURIComponent('Ventana 1')}/token`, {
      method: 'POST',
      token: manager,
    });
    expect(rotated.status).toBe(200);
    const link = (await rotated.json()) as { label: string; url: string };
    expect(link.label).toBe('Ventana 1');
    const before = tables.find((t) => t.label === 'Ventana 1')!.url;
    expect(link.url).not.toBe(before);
    const after = TableList.parse(await (await s.request(`/api/venues/${V}/tables`, { token: manager })).json());
    expect(after.tables.find((t) => t.label === 'Ventana 1')!.url).toBe(link.url);
  });
});
