/**
 * What an operator sees (docs/rules.md#running-at-scale): one JSON log line per request (pino:
 * time, method, route pattern, status, duration, instance, request id — never a token, a
 * credential, a body or a query string), the request id returned as `X-Request-Id`, and
 * `GET /api/metrics` in Prometheus' text format (prom-client), readable with
 * `Authorization: Bearer {UMENU_METRICS_TOKEN}` and absent without that setting.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { hostname } from 'node:os';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import pino, { type Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { problem } from './problem.ts';
import { PROBLEM_MESSAGES } from '../../src/contract/problem.ts';
import { openStreamCount } from './events/sse.ts';
import { countDbWork } from './db/stats.ts';

export interface ObservabilityOptions {
  /** `UMENU_LOG`: `json` (one line per request on stdout) or `off`. */
  log: 'json' | 'off';
  /** `UMENU_METRICS_TOKEN`: without it there is no metrics endpoint. */
  metricsToken?: string;
  /** `UMENU_INSTANCE`: the name in every log line and metric (default: host:pid). */
  instance?: string;
  /** Values read when the metrics are scraped. */
  gauges?: {
    tableSessionsOpen?: () => Promise<number>;
    imageQueue?: () => number;
  };
  /** Where the lines go (tests); stdout by default. */
  destination?: { write(line: string): void };
}

export interface Observability {
  middleware: MiddlewareHandler;
  /** `GET /api/metrics`. */
  metrics: (c: Context) => Promise<Response>;
  /** A refusal by the rate limiter, by kind of limit (`login`, `orders`, `join-table`…). */
  refused(limit: string): void;
  logger: Logger | undefined;
  /** One info line for a request its client abandoned (never a stack trace). */
  clientAborted(c: Context): void;
}

const REQUEST_ID = /^[\w.:-]{8,128}$/;

export function createObservability(options: ObservabilityOptions): Observability {
  const instance = options.instance ?? `${hostname()}:${process.pid}`;
  const logger =
    options.log === 'json'
      ? pino(
          { base: { instance }, timestamp: pino.stdTimeFunctions.isoTime, messageKey: 'msg' },
          options.destination ?? pino.destination({ sync: false }),
        )
      : undefined;

  const registry = new Registry();
  registry.setDefaultLabels({ instance });
  const requests = new Counter({
    name: 'umenu_http_requests_total',
    help: 'HTTP requests by route pattern, method and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'umenu_http_request_duration_seconds',
    help: 'Time to the answer (for event streams: to the start of the stream)',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'umenu_event_streams_open',
    help: 'Open event streams (orders, boards, tables) on this instance',
    registers: [registry],
    collect() {
      this.set(openStreamCount());
    },
  });
  const statements = new Counter({
    name: 'umenu_db_statements_total',
    help: 'Statements sent to the database, by route pattern and method (divide by the requests for a mean per request)',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  const roundTrips = new Counter({
    name: 'umenu_db_round_trips_total',
    help: 'Waits for a server database (PostgreSQL), by route pattern and method: pipelined statements share one',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'umenu_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429), by limit',
    labelNames: ['limit'],
    registers: [registry],
  });
  const { tableSessionsOpen, imageQueue } = options.gauges ?? {};
  if (tableSessionsOpen) {
    new Gauge({
      name: 'umenu_table_sessions_open',
      help: 'Table sessions open now (every instance)',
      registers: [registry],
      async collect() {
        this.set(await tableSessionsOpen());
      },
    });
  }
  if (imageQueue) {
    new Gauge({
      name: 'umenu_image_queue_length',
      help: 'Images waiting for the image processor (sharp) on this instance',
      registers: [registry],
      collect() {
        this.set(imageQueue());
      },
    });
  }

  const token = options.metricsToken ? Buffer.from(options.metricsToken) : undefined;
  const allowed = (header: string | undefined) => {
    const sent = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '');
    return Boolean(token && sent.length === token.length && timingSafeEqual(sent, token));
  };

  return {
    logger,
    refused: (limit) => refusals.inc({ limit }),
    clientAborted(c) {
      const route = c.req.path.startsWith('/api/') ? routePath(c) : 'site';
      if (logger) logger.info({ method: c.req.method, route, aborted: true }, 'client went away');
      else console.log(`[umenu] the client went away during ${c.req.method} ${route}`);
    },
    async middleware(c, next) {
      const started = performance.now();
      const sent = c.req.header('x-request-id');
      const id = sent && REQUEST_ID.test(sent) ? sent : randomUUID();
      const { stats, done } = countDbWork(next);
      try {
        await done;
      } finally {
        c.res.headers.set('x-request-id', id);
        const seconds = (performance.now() - started) / 1000;
        // The pattern of the handler that answered (the route index has moved on to it), not the
        // path: `/api/orders/:id`, never an id, a token or a query string.
        const route = c.req.path.startsWith('/api/') ? routePath(c) : 'site';
        const status = c.res.status;
        requests.inc({ method: c.req.method, route, status: String(status) });
        duration.observe({ method: c.req.method, route }, seconds);
        if (stats.statements) statements.inc({ method: c.req.method, route }, stats.statements);
        if (stats.roundTrips) roundTrips.inc({ method: c.req.method, route }, stats.roundTrips);
        logger?.info({
          requestId: id,
          method: c.req.method,
          route,
          status,
          ms: Math.round(seconds * 10_000) / 10,
          db: stats.statements,
          dbRoundTrips: stats.roundTrips,
        });
      }
    },
    async metrics(c) {
      if (!token) throw problem('notFound', 404, PROBLEM_MESSAGES.noRoute(c.req.method, c.req.path.slice(0, 200)));
      if (!allowed(c.req.header('authorization')))
        throw problem('unauthorized', 401, PROBLEM_MESSAGES.metricsToken, {}, { 'www-authenticate': 'Bearer' });
      return c.body(await registry.metrics(), 200, {
        'content-type': registry.contentType,
        'cache-control': 'no-store',
      });
    },
  };
}
