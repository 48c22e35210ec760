import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { receiptIdFrom } from '../../../src/features/receipt/receipt-id.ts';
import { receiptPath } from '../../../src/lib/saved-receipts.ts';
import { loadSite } from '../../../server/platform/static.ts';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';

describe('the receipt address', () => {
  it('reads the id from /recibo/{id}, or from ?id= (a host fallback), and refuses anything else', () => {
    expect(receiptIdFrom(`/recibo/${ID}`, '')).toBe(ID);
    expect(receiptIdFrom(`/recibo/${ID}/`, '')).toBe(ID);
    expect(receiptIdFrom('/recibo', `?id=${ID}`)).toBe(ID);
    expect(receiptIdFrom('/recibo/short', '')).toBeNull();
    expect(receiptIdFrom('/recibo/..%2F..%2Fetc', '')).toBeNull();
    expect(receiptIdFrom('/recibo', '')).toBeNull();
    expect(receiptPath(ID)).toBe(`/recibo/${ID}`);
  });

  it('reads it the same from the page in another language, /{lang}/recibo/{id}, and links there', () => {
    expect(receiptIdFrom(`/en/recibo/${ID}`, '')).toBe(ID);
    expect(receiptIdFrom('/de/recibo', `?id=${ID}`)).toBe(ID);
    expect(receiptPath(ID, 'en')).toBe(`/en/recibo/${ID}`);
    expect(receiptPath(ID, 'es')).toBe(`/recibo/${ID}`);
  });

  it('the 404 page of a 404-only host sends a receipt address to the receipt page', async () => {
    // The module looks at the address it runs at when loaded: the home page's, where it does nothing.
    vi.stubGlobal('location', { pathname: '/', search: '', hash: '' });
    const { receiptPageUrl } = await import('../../../src/shell/not-found-fallback.ts');
    vi.unstubAllGlobals();
    expect(receiptPageUrl(`/recibo/${ID}`)).toBe(`/recibo?id=${ID}`);
    expect(receiptPageUrl(`/fr/recibo/${ID}`)).toBe(`/fr/recibo?id=${ID}`);
    expect(receiptPageUrl('/recibo/x')).toBeNull();
    expect(receiptPageUrl(`/otra/${ID}`)).toBeNull();
  });
});

describe('the reference server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'umenu-recibo-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Inicio</title>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>404</title>');
  writeFileSync(join(dir, 'recibo.html'), '<!doctype html><title>Recibo</title>');
  mkdirSync(join(dir, 'en'));
  writeFileSync(join(dir, 'en', 'recibo.html'), '<!doctype html><title>Receipt</title>');
  const site = loadSite(dir);
  const get = (path: string) => site.respond(new Request(`http://x${path}`), path, () => false)!;

  it('serves the receipt page for /recibo/{id} and 404 for a path that cannot be a receipt', async () => {
    const page = get(`/recibo/${ID}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Recibo</title>');
    expect(get('/recibo/no').status).toBe(404);
    expect(get(`/recibo/${ID}/mas`).status).toBe(404);
    const english = get(`/en/recibo/${ID}`);
    expect(english.status).toBe(200);
    expect(await english.text()).toContain('<title>Receipt</title>');
  });
});
