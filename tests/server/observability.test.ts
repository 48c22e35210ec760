/**
 * What an operator sees (server/platform/observability.ts): one JSON line per request with the
 * route pattern and never a token or an id from the path, `X-Request-Id` on every answer, and
 * Prometheus metrics behind `UMENU_METRICS_TOKEN`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey, startTestServer, tacoOrder, type TestServer } from './helpers.ts';

const METRICS_TOKEN = 'metricas-secretas-0123456789';
const lines: string[] = [];
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer(
    { log: 'json', metricsToken: METRICS_TOKEN, instance: 'prueba-1', loginMaxFailures: 2 },
    { logTo: { write: (line) => lines.push(line) } },
  );
});
afterAll(async () => {
  await s.dispose();
});

const logged = () =>
  lines
    .flatMap((line) => line.split('\n'))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('request logs and ids', () => {
  it('writes one JSON line per request with the route pattern, status, duration, instance and request id, and no token', async () => {
    const ana = await s.tokenFor('ana@umenu.test');
    const placed = await s.request('/api/orders', { token: ana, key: newKey(), json: tacoOrder() });
    expect(placed.status).toBe(201);
    const { id } = (await placed.json()) as { id: string };
    lines.length = 0;
    const res = await s.request(`/api/orders/${id}?secreto=1`, {
      token: ana,
      headers: { 'x-table-credential': 'credencial-secreta-123' },
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const [line, ...others] = logged();
    expect(others).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/orders/:id',
      status: 200,
      instance: 'prueba-1',
      requestId,
    });
    expect(typeof line!.ms).toBe('number');
    expect(Date.parse(String(line!.time))).not.toBeNaN();
    const text = JSON.stringify(line);
    for (const secret of [ana, id, 'credencial-secreta-123', 'secreto']) expect(text).not.toContain(secret);
  });

  it('keeps a request id the load balancer sent, and makes one for anything else', async () => {
    expect(
      (await s.request('/api/venues', { headers: { 'x-request-id': 'balanceador-abc-123' } })).headers.get(
        'x-request-id',
      ),
    ).toBe('balanceador-abc-123');
    expect(
      (await s.request('/api/venues', { headers: { 'x-request-id': 'mal id <script>' } })).headers.get('x-request-id'),
    ).toMatch(/^[0-9a-f-]{36}$/);
    expect((await s.app.request('/no-existe')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('metrics', () => {
  it('answer only with the metrics token, in Prometheus text format', async () => {
    expect((await s.request('/api/metrics')).status).toBe(401);
    expect(
      (await s.request('/api/metrics', { headers: { authorization: 'Bearer otro-token-del-mismo-largo-x' } })).status,
    ).toBe(401);
    // A rate-limit refusal, an open table session and an open stream to count.
    for (let i = 0; i < 3; i++)
      await s.request('/api/auth/login', { json: { email: 'ana@umenu.test', password: `mal-${i}` } });
    const manager = await s.tokenFor('gerente@umenu.test');
    const tables = (await (await s.request('/api/venues/taqueria-el-guero/tables', { token: manager })).json()) as {
      tables: Array<{ label: string; url: string }>;
    };
    const token = new URL(tables.tables[0]!.url, 'http://x').searchParams.get('t')!;
    expect(
      (
        await s.request(`/api/venues/taqueria-el-guero/tables/${tables.tables[0]!.label}/join`, {
          json: { token, name: 'Eva' },
        })
      ).status,
    ).toBe(201);
    const staff = await s.tokenFor('cocina@umenu.test');
    const controller = new AbortController();
    const stream = await s.app.request('/api/venues/taqueria-el-guero/orders/events', {
      headers: { authorization: `Bearer ${staff}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();

    const res = await s.request('/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /umenu_http_requests_total\{method="GET",route="\/api\/orders\/:id",status="200",instance="prueba-1"\} 1/,
    );
    expect(text).toMatch(
      /umenu_http_request_duration_seconds_bucket\{le="0\.5",instance="prueba-1",method="POST",route="\/api\/orders"\} 1/,
    );
    expect(text).toMatch(/umenu_rate_limit_refusals_total\{limit="login",instance="prueba-1"\} 1/);
    expect(text).toMatch(/umenu_table_sessions_open\{instance="prueba-1"\} 1/);
    expect(text).toMatch(/umenu_event_streams_open\{instance="prueba-1"\} 1/);
    expect(text).toMatch(/umenu_image_queue_length\{instance="prueba-1"\} 0/);
    await reader.cancel();
    controller.abort();
  });

  it('do not exist without UMENU_METRICS_TOKEN', async () => {
    const plain = await startTestServer();
    try {
      expect(
        (await plain.request('/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status,
      ).toBe(404);
    } finally {
      await plain.dispose();
    }
  });
});
