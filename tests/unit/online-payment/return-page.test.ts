/**
 * The way back from the payment provider, `/pago/{paymentId}` (docs/rules.md#paying-from-the-phone), served the way
 * `/recibo/{id}` is: the page reads the id from the address (or `?id=` from a host's fallback), the reference server
 * serves `pago.html` (`{lang}/pago.html`), the 404 page of a 404-only host sends the address there, and the shipped
 * host configs rewrite it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { outcomeOf, paymentIdFrom } from '../../../src/features/online-payment/logic.ts';
import { loadSite } from '../../../server/platform/static.ts';

const ID = '0b6f4c1e-1a2b-4c3d-8e9f-0123456789ab';

describe('the return page', () => {
  it('reads the payment from /pago/{id}, /{lang}/pago/{id} or ?id=, and refuses anything else', () => {
    expect(paymentIdFrom(`/pago/${ID}`, '')).toBe(ID);
    expect(paymentIdFrom(`/en/pago/${ID}/`, '')).toBe(ID);
    expect(paymentIdFrom('/pago', `?id=${ID}`)).toBe(ID);
    expect(paymentIdFrom('/pago/123', '')).toBeNull();
    expect(paymentIdFrom('/pago', '')).toBeNull();
    expect([outcomeOf('pending'), outcomeOf('paid'), outcomeOf('failed'), outcomeOf('expired')]).toEqual([
      'waiting',
      'paid',
      'failed',
      'failed',
    ]);
  });

  it('the 404 page of a 404-only host sends /pago/{id} to the page', async () => {
    vi.stubGlobal('location', { pathname: '/', search: '', hash: '' });
    const { receiptPageUrl } = await import('../../../src/shell/not-found-fallback.ts');
    vi.unstubAllGlobals();
    expect(receiptPageUrl(`/pago/${ID}`)).toBe(`/pago?id=${ID}`);
    expect(receiptPageUrl(`/ca/pago/${ID}`)).toBe(`/ca/pago?id=${ID}`);
    expect(receiptPageUrl('/pago/x')).toBeNull();
  });

  it('is served by the reference server and rewritten by the shipped host configs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umenu-pago-'));
    try {
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Inicio</title>');
      writeFileSync(join(dir, '404.html'), '<!doctype html><title>404</title>');
      writeFileSync(join(dir, 'pago.html'), '<!doctype html><title>Tu pago</title>');
      mkdirSync(join(dir, 'en'));
      writeFileSync(join(dir, 'en', 'pago.html'), '<!doctype html><title>Your payment</title>');
      const site = loadSite(dir);
      const get = (path: string) => site.respond(new Request(`http://x${path}`), path, () => false)!;
      expect(await get(`/pago/${ID}`).text()).toContain('<title>Tu pago</title>');
      expect(await get(`/en/pago/${ID}`).text()).toContain('<title>Your payment</title>');
      expect(get('/pago/no').status).toBe(404);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(readFileSync('public/_redirects', 'utf8')).toContain('/pago/*  /pago.html  200');
    expect(readFileSync('public/vercel.json', 'utf8')).toContain('"destination": "/:lang/pago.html"');
  });
});
