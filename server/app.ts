/**
 * The reference API and site server as one Hono app. `createApp(deps)` is used by
 * `scripts/start.ts` (real server) and by the tests (`app.request()` in process).
 */
import { Hono, type Context } from 'hono';
import { except } from 'hono/combine';
import { cors } from 'hono/cors';
import { bodyLimit } from 'hono/body-limit';
import type { SiteFiles } from './platform/static.ts';
import type { AppDeps } from './deps.ts';
import { healthRoute } from './platform/health.ts';
import { BUILDING_PAGE } from './platform/static.ts';
import { HttpProblem, problem, problemResponse } from './platform/problem.ts';
import { PROBLEM_MESSAGES } from '../src/contract/problem.ts';
import { isDatabaseUnavailable } from './platform/db/database.ts';
import {
  drainDeclaredBody,
  EARLY_ANSWER_DRAIN_BYTES,
  isClientAbort,
  prepareRequest,
  requestBodyComplete,
  trustedProxyList,
} from './platform/http.ts';
import { API_CSP, COMMON_HEADERS, siteCsp } from './platform/security.ts';
import { authRoutes, socialRoutes } from './features/auth/index.ts';
import { venueRoutes } from './features/venues/index.ts';
import { orderRoutes, timingRoutes } from './features/orders/index.ts';
import { pauseRoutes } from './features/pause/index.ts';
import { kitchenRoutes } from './features/kitchen/index.ts';
import { printingRoutes } from './features/printing/index.ts';
import { paymentRoutes } from './features/payments/index.ts';
import { tableRoutes } from './features/tables/index.ts';
import { tableSessionRoutes } from './features/table-sessions/index.ts';
import { billingRoutes } from './features/billing/index.ts';
import { onlinePaymentRoutes } from './features/payments/index.ts';
import { correctionRoutes } from './features/corrections/index.ts';
import { auditRoutes } from './features/audit/index.ts';
import { teamRoutes } from './features/team/index.ts';
import { mediaRoutes } from './features/media/index.ts';
import { pushRoutes } from './features/push/index.ts';
import { openApiDocument } from './openapi.ts';

export function createApp(deps: AppDeps): Hono {
  const { config, site } = deps;
  const app = new Hono();

  // The site's CSP only changes when a new build is loaded, or a regenerated page brings an
  // inline script of its own (server/features/venues/prerender.ts; the hashes only grow).
  let cspFor: { files: SiteFiles | undefined; hashes: number; value: string } | undefined;
  const currentSiteCsp = () => {
    const hashes = site.files?.scriptHashes.length ?? 0;
    if (!cspFor || cspFor.files !== site.files || cspFor.hashes !== hashes)
      cspFor = { files: site.files, hashes, value: siteCsp(config, { scriptHashes: site.files?.scriptHashes ?? [] }) };
    return cspFor.value;
  };

  // One log line, a request id and the metrics for every request (server/platform/observability.ts).
  app.use('*', deps.observability.middleware);

  // Every limit counts the client's address, read through the trusted proxies only; a JSON body has `bodyTimeoutMs` to arrive.
  const trusted = trustedProxyList(config.trustedProxies);
  app.use('/api/*', async (c, next) => {
    prepareRequest(c as Context, trusted, config.bodyTimeoutMs);
    await next();
  });

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(COMMON_HEADERS)) c.res.headers.set(name, value);
    const isApi = c.req.path.startsWith('/api/') || c.req.path === '/api';
    if (!c.res.headers.has('content-security-policy')) {
      c.res.headers.set('content-security-policy', isApi ? API_CSP : currentSiteCsp());
    }
  });

  if (config.corsOrigins.length) {
    app.use(
      '/api/*',
      cors({
        origin: (origin) => (config.corsOrigins.includes(origin) ? origin : null),
        allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        allowHeaders: [
          'Authorization',
          'Content-Type',
          'Idempotency-Key',
          'If-None-Match',
          'Accept',
          'X-Table-Credential',
          'Last-Event-ID',
        ],
        exposeHeaders: ['ETag', 'Retry-After', 'Location'],
        maxAge: 600,
      }),
    );
  }

  // An answer given before the request body has fully arrived (401, 415, 404, 413…) must not
  // leave the rest of that body on a kept-alive connection, where it would break the client's
  // next request, nor close the socket while the client is still sending (the kernel then resets
  // it and the client may lose the answer): a declared body up to EARLY_ANSWER_DRAIN_BYTES (a
  // 3 MB body answered 413 too) is read to its end and thrown away first, within the body timeout,
  // and the connection stays usable; anything else — larger, of unknown length, too slow — closes
  // the connection on purpose (`Connection: close`).
  app.use('/api/*', async (c, next) => {
    await next();
    if (requestBodyComplete(c.env)) return;
    if (await drainDeclaredBody(c.req.raw, EARLY_ANSWER_DRAIN_BYTES, config.bodyTimeoutMs)) return;
    c.res.headers.set('connection', 'close');
  });

  const apiBodyLimit = bodyLimit({
    maxSize: config.bodyLimitBytes,
    onError: () => {
      throw problem('tooLarge', 413, PROBLEM_MESSAGES.bodyTooLarge(Math.round(config.bodyLimitBytes / 1024)));
    },
  });
  // Image uploads have their own limit (server/features/media/upload.ts).
  app.use(
    '/api/*',
    except((c) => c.req.method === 'POST' && /^\/api\/venues\/[^/]+\/media$/.test(c.req.path), apiBodyLimit),
  );

  // Shutting down: answer 503 and close the connection, so a client or load balancer retries elsewhere.
  app.use('*', async (c, next) => {
    if (!deps.draining || c.req.path === '/api/health') return next();
    throw problem('server', 503, PROBLEM_MESSAGES.restarting, {}, { 'retry-after': '1', connection: 'close' });
  });

  app.onError((error, c) => {
    // The client went away in the middle of its request (a phone that lost signal while sending):
    // nothing is wrong here, one line says so.
    if (c.req.raw.signal.aborted || isClientAbort(error)) {
      deps.observability.clientAborted(c);
      return problemResponse(c, problem('validation', 400, PROBLEM_MESSAGES.interrupted, {}, { connection: 'close' }));
    }
    if (error instanceof HttpProblem) return problemResponse(c, error);
    // The database is restarting or unreachable: the client retries (an order with the same
    // Idempotency-Key is made once), and this instance reconnects by itself.
    if (isDatabaseUnavailable(error)) {
      console.error('[umenu] database unavailable', c.req.method, c.req.path, (error as { code?: string }).code ?? '');
      return problemResponse(
        c,
        problem('serviceUnavailable', 503, PROBLEM_MESSAGES.unavailable, {}, { 'retry-after': '2' }),
      );
    }
    console.error('[umenu] unexpected error', c.req.method, c.req.path, error);
    return problemResponse(c, problem('server', 500, PROBLEM_MESSAGES.serverError));
  });

  const api = new Hono();
  api.get('/health', healthRoute(deps));
  api.get('/openapi.json', (c) => c.json(openApiDocument()));
  api.get('/metrics', (c) => deps.observability.metrics(c));
  api.route('/', tableSessionRoutes(deps));
  api.route('/', billingRoutes(deps));
  api.route('/', onlinePaymentRoutes(deps));
  api.route('/', correctionRoutes(deps));
  api.route('/', auditRoutes(deps));
  api.route('/', kitchenRoutes(deps));
  api.route('/', printingRoutes(deps));
  api.route('/', paymentRoutes(deps));
  api.route('/', teamRoutes(deps));
  api.route('/', tableRoutes(deps));
  api.route('/', mediaRoutes(deps));
  api.route('/', pauseRoutes(deps));
  api.route('/', pushRoutes(deps));
  api.route('/', venueRoutes(deps));
  api.route('/', authRoutes(deps));
  const social = socialRoutes(deps);
  if (social.closeSocial) deps.closers.push(social.closeSocial);
  api.route('/auth/social', social);
  api.route('/', orderRoutes(deps));
  api.route('/', timingRoutes(deps));
  api.all('*', (c) =>
    problemResponse(c, problem('notFound', 404, PROBLEM_MESSAGES.noRoute(c.req.method, c.req.path.slice(0, 200)))),
  );
  app.route('/api', api);

  app.on(['GET', 'HEAD'], '*', (c) => {
    if (site.building) {
      return c.html(BUILDING_PAGE, 503, { 'retry-after': '5', 'cache-control': 'no-store' });
    }
    const response = site.files?.respond(c.req.raw, c.req.path, (id) => deps.venues.get(id) !== undefined);
    if (response) return response;
    return c.text('This page could not be found', 404);
  });
  app.all('*', (c) => c.text('Method Not Allowed', 405, { allow: 'GET, HEAD' }));
  return app;
}
