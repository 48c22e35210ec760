/**
 * A venue's online payment provider (docs/architecture.md#online-payments): `PUT/GET/DELETE
 * /api/venues/{id}/payment-provider` for managers of the venue and admins, validated with Spanish
 * messages, its secrets sealed with UMENU_SECRETS_KEY (the raw row does not contain them), never
 * answered, and opened again for the server's own use (`loadProviderConfig`). On SQLite and, in the
 * `server-pg` project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderSettings } from '../../src/contract/payments.ts';
import { loadProviderConfig } from '../../server/features/payments/index.ts';
import { configureSecrets } from '../../server/platform/secrets.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const V = 'bar-el-cabanyal';
const PATH = `/api/venues/${V}/payment-provider`;
const REDSYS_SECRET = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const STRIPE_SECRET = 'sk_test_51UmenuSecretKeyForTests';
const WEBHOOK_SECRET = 'whsec_UmenuWebhookSecretForTests';
const redsys = {
  provider: 'redsys',
  merchantCode: '999008881',
  terminal: '1',
  secretKey: REDSYS_SECRET,
  environment: 'test',
};
const stripe = {
  provider: 'stripe',
  secretKey: STRIPE_SECRET,
  webhookSecret: WEBHOOK_SECRET,
  url: 'http://127.0.0.1:9',
};

let s: TestServer;
let manager: string, staff: string, admin: string, otherManager: string;
/** Every answer's text: no secret may appear in any of them. */
const answers: string[] = [];

async function call(method: string, token: string, json?: unknown) {
  const res = await s.request(PATH, { method, token, ...(json !== undefined ? { json } : {}) });
  const text = await res.text();
  answers.push(text);
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

beforeAll(async () => {
  s = await startTestServer();
  [manager, staff, admin] = await Promise.all([
    s.tokenFor('gerente@umenu.test'),
    s.tokenFor('cocina@umenu.test'),
    s.tokenFor('admin@umenu.test'),
  ]);
  otherManager = (await s.newDiner('otra-gerente@umenu.test', ['manager:cafe-la-macarena'])).token;
});
afterAll(() => s?.dispose());

describe('payment provider configuration', () => {
  it('starts with none; staff and another venue’s manager are refused; an unknown venue is 404', async () => {
    expect(await call('GET', manager)).toEqual({ status: 200, body: { provider: null } });
    for (const token of [staff, otherManager]) {
      const got = await call('GET', token);
      expect(got.status).toBe(403);
      expect(got.body.detail).toBe('Solo la gerencia de este local puede configurar los pagos en línea.');
      expect((await call('PUT', token, redsys)).status).toBe(403);
      expect((await call('DELETE', token)).status).toBe(403);
    }
    const unknown = await s.request('/api/venues/no-existe/payment-provider', { token: admin });
    expect(unknown.status).toBe(404);
    expect((await s.request(PATH)).status).toBe(401);
  });

  it('refuses wrong merchant data with Spanish messages per field', async () => {
    const bad = await call('PUT', manager, {
      ...redsys,
      merchantCode: '12',
      terminal: 'uno',
      secretKey: 'corta',
      environment: 'real',
      url: 'http://10.0.0.1/',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('No se ha guardado la configuración de pagos: revisa los campos marcados.');
    expect(bad.body.errors).toMatchObject({
      merchantCode: ['El código de comercio (FUC) de Redsys son 9 cifras.'],
      terminal: ['El número de terminal de Redsys son de 1 a 3 cifras (normalmente 1).'],
      secretKey: [expect.stringContaining('32 caracteres')],
      environment: ['Elige el entorno de Redsys: pruebas o real.'],
      url: [expect.stringContaining('https://')],
    });
    const badStripe = await call('PUT', manager, { provider: 'stripe', secretKey: 'pk_test_x', webhookSecret: 'nope' });
    expect(badStripe.body.errors).toMatchObject({
      secretKey: [expect.stringContaining('sk_test_')],
      webhookSecret: [expect.stringContaining('whsec_')],
    });
    const other = await call('PUT', manager, { provider: 'paypal' });
    expect(other.status).toBe(422);
    expect(JSON.stringify(other.body.errors)).toContain('Elige Redsys o Stripe.');
    // Without a secret stored, one must be given.
    const { secretKey: _secret, ...noSecret } = redsys;
    const missing = await call('PUT', manager, noSecret);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ secretKey: [expect.stringContaining('Escribe la clave secreta')] });
    expect((await call('GET', manager)).body).toEqual({ provider: null });
  });

  it('stores Redsys sealed, answers it without the secret, keeps the secret when left out, and opens it for the server', async () => {
    const saved = await call('PUT', manager, redsys);
    expect(saved.status).toBe(200);
    expect(PaymentProviderSettings.parse(saved.body)).toMatchObject({
      provider: 'redsys',
      merchantCode: '999008881',
      terminal: '1',
      environment: 'test',
      secretKeyConfigured: true,
    });
    expect(saved.body).not.toHaveProperty('secretKey');
    const row = await s.deps.db.get<Record<string, unknown>>('SELECT * FROM payment_providers WHERE venue_id = ?', [V]);
    expect(JSON.stringify(row)).not.toContain(REDSYS_SECRET);
    expect(String(row!.secrets)).toMatch(/^v1\./);

    const { secretKey: _secret, ...noSecret } = redsys;
    expect((await call('PUT', admin, { ...noSecret, terminal: '2' })).status).toBe(200);
    expect(await loadProviderConfig(s.deps.db, V)).toEqual({ ...redsys, terminal: '2' });
    // A sealed value copied to another venue's row does not open there.
    await s.deps.db.run(
      'INSERT INTO payment_providers (venue_id, provider, settings, secrets, updated_by, updated_at) SELECT ?, provider, settings, secrets, updated_by, updated_at FROM payment_providers WHERE venue_id = ?',
      ['cafe-la-macarena', V],
    );
    await expect(loadProviderConfig(s.deps.db, 'cafe-la-macarena')).rejects.toThrow();
    await s.deps.db.run('DELETE FROM payment_providers WHERE venue_id = ?', ['cafe-la-macarena']);
  });

  it('switches to Stripe (whose secrets must then be given), audits without secrets, and deletes', async () => {
    const { webhookSecret: _w, ...noWebhook } = stripe;
    expect((await call('PUT', manager, noWebhook)).body.errors).toEqual({
      webhookSecret: [expect.stringContaining('Escribe el secreto de firma')],
    });
    const saved = await call('PUT', manager, stripe);
    expect(saved.body).toMatchObject({
      provider: 'stripe',
      url: 'http://127.0.0.1:9',
      secretKeyConfigured: true,
      webhookSecretConfigured: true,
    });
    expect(await loadProviderConfig(s.deps.db, V)).toEqual(stripe);
    const row = await s.deps.db.get<Record<string, unknown>>('SELECT * FROM payment_providers WHERE venue_id = ?', [V]);
    expect(JSON.stringify(row)).not.toContain(STRIPE_SECRET);
    expect(JSON.stringify(row)).not.toContain(WEBHOOK_SECRET);

    const audit = await s.deps.db.all<{ action: string; subject: string; detail: string }>(
      "SELECT action, subject, detail FROM audit_log WHERE venue_id = ? AND action = 'paymentProvider' ORDER BY id",
      [V],
    );
    expect(audit.map((a) => (JSON.parse(a.detail) as { what: string }).what)).toEqual([
      'Pagos en línea con Redsys (claves nuevas)',
      'Pagos en línea con Redsys',
      'Pagos en línea con Stripe (claves nuevas)',
    ]);
    expect(audit.map((a) => a.subject)).toEqual(['Redsys', 'Redsys', 'Stripe']);
    for (const secret of [REDSYS_SECRET, STRIPE_SECRET, WEBHOOK_SECRET])
      expect(JSON.stringify(audit)).not.toContain(secret);

    expect((await call('DELETE', manager)).status).toBe(204);
    expect((await call('DELETE', manager)).status).toBe(204);
    expect((await call('GET', manager)).body).toEqual({ provider: null });
    expect(await loadProviderConfig(s.deps.db, V)).toBeNull();
  });

  it('a server without UMENU_SECRETS_KEY and without demo data refuses to store secrets', async () => {
    configureSecrets({ seedDemo: false });
    try {
      const refused = await call('PUT', manager, redsys);
      expect(refused.status).toBe(503);
      expect(refused.body.detail).toContain('UMENU_SECRETS_KEY');
    } finally {
      configureSecrets({ seedDemo: true });
    }
  });

  it('never answered a secret', () => {
    const all = answers.join('\n');
    for (const secret of [REDSYS_SECRET, STRIPE_SECRET, WEBHOOK_SECRET]) expect(all).not.toContain(secret);
  });
});
