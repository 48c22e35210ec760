/**
 * Table sessions (docs/rules.md#table-sessions), the HTTP side of server/table-sessions.ts.
 *
 * Diners: `GET /venues/{id}/tables/{label}/check?t=`, `POST /venues/{id}/tables/{label}/join`,
 * then with the participant credential in `X-Table-Credential`: `GET /table-session`,
 * `GET /table-session/events` (SSE), `PUT|DELETE /table-session/cart/lines/{lineId}`,
 * `POST /table-session/rounds`, `POST /table-session/calls`, `GET /table-session/bill`.
 * Staff of the venue: `GET /venues/{id}/table-sessions`, `POST /venues/{id}/table-calls/{callId}/ack`,
 * `POST /venues/{id}/tables/{label}/close`.
 */
import { Hono, type Context } from 'hono';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canRunVenue } from '../../../src/contract/permissions.ts';
import { CallInput, CART_LINE_ID_PATTERN, CartLineInput, JoinInput, RoundInput, TABLE_CREDENTIAL_HEADER, TABLE_MESSAGES, TABLE_STRINGS } from '../../../src/contract/table.ts';
import type { AppDeps } from '../../deps.ts';
import { clientIp, parseWith, readBody, readJson } from '../../platform/http.ts';
import { bearerToken, requireAuth } from '../auth/index.ts';
import { problem, validationProblem } from '../../platform/problem.ts';
import { eventStream } from '../../platform/events/sse.ts';

const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

export function tableSessionRoutes({ tables, auth, venues, config, events, orders }: AppDeps): Hono {
  const app = new Hono();

  const invalidToken = () => problem('tableTokenInvalid', 404, TABLE_STRINGS.invalidToken);
  const caller = (c: Context) => tables.authenticate(c.req.header(TABLE_CREDENTIAL_HEADER));
  const noStore = (c: Context) => c.header('cache-control', 'no-store');

  /** Staff (or manager) of the venue, or admin; 404 for an unknown venue. */
  const staffOf = (c: Context) => {
    const claims = requireAuth(c, auth);
    const id = c.req.param('id') ?? '';
    if (!isValidVenueId(id) || !venues.get(id)) throw problem('notFound', 404, 'Ese local no existe.');
    if (!canRunVenue(claims.scope, id)) throw problem('forbidden', 403, 'Solo el personal de este local puede ver y atender sus mesas.');
    return id;
  };

  app.get('/venues/:id/tables/:label/check', async (c) => {
    const id = c.req.param('id');
    const label = c.req.param('label');
    noStore(c);
    if (!isValidVenueId(id) || !(await tables.check(id, label, c.req.query('t') ?? ''))) throw invalidToken();
    return c.json({ venueId: id, table: label });
  });

  app.post('/venues/:id/tables/:label/join', async (c) => {
    const id = c.req.param('id');
    const label = c.req.param('label');
    noStore(c);
    // A signed-in diner joins under their account name (an expired token: 401, the client refreshes it).
    const accountName = bearerToken(c) ? requireAuth(c, auth).name : undefined;
    const { value } = await readJson(c);
    const parsed = JoinInput.safeParse(value);
    if (!parsed.success) {
      const issues = parsed.error.issues;
      if (issues.some((i) => i.path[0] === 'token')) throw invalidToken();
      // A missing or bad name is answered after the token is checked (by the service).
      if (!issues.every((i) => i.path[0] === 'name')) throw validationProblem(issues);
    }
    if (!isValidVenueId(id)) throw invalidToken();
    const result = await tables.join({
      venueId: id,
      label,
      token: (value as { token: string }).token,
      name: parsed.success ? parsed.data.name : undefined,
      accountName: accountName?.trim() ? accountName : undefined,
      address: clientIp(c),
    });
    return c.json(result, 201);
  });

  app.get('/table-session', async (c) => {
    const who = await caller(c);
    noStore(c);
    return c.json(await tables.snapshot(who.session));
  });

  const streamDeps = { events, heartbeatMs: config.sseHeartbeatMs, onClose: (fn: () => void) => orders.onClose(fn) };

  /** SSE: `event: session` (the whole session) now and after every change; `event: order` when a round changes. */
  app.get('/table-session/events', async (c) => {
    const who = await caller(c);
    const closed = who.session.status === 'closed';
    return eventStream(c, streamDeps, {
      venueId: who.session.venue_id,
      sessionId: who.session.id,
      accept: (e) => e.type === 'session' || e.type === 'order',
      // Nothing of a closed session is replayed: its phones get the empty closed snapshot.
      ignoreResume: closed,
      async fresh() {
        const { cursor, session } = await tables.streamStart(who.session);
        return { cursor, first: [{ event: 'session', data: JSON.stringify(session) }] };
      },
    });
  });

  const lineIdOf = (c: Context) => {
    const lineId = c.req.param('lineId') ?? '';
    if (!CART_LINE_ID_PATTERN.test(lineId)) throw problem('validation', 422, 'Identificador de línea no válido.', { errors: { lineId: ['8 a 64 letras, números, «-» o «_»'] } });
    return lineId;
  };

  app.put('/table-session/cart/lines/:lineId', async (c) => {
    const who = await caller(c);
    const lineId = lineIdOf(c);
    const input = await readBody(c, CartLineInput);
    noStore(c);
    return c.json(await tables.putLine(who, lineId, input));
  });

  app.delete('/table-session/cart/lines/:lineId', async (c) => {
    const who = await caller(c);
    const lineId = lineIdOf(c);
    noStore(c);
    return c.json(await tables.deleteLine(who, lineId));
  });

  app.post('/table-session/rounds', async (c) => {
    const who = await caller(c);
    const key = c.req.header('idempotency-key');
    if (!key || !KEY_PATTERN.test(key)) {
      throw problem('idempotencyKeyMissing', 400, 'Falta la cabecera Idempotency-Key (8 a 200 caracteres) que identifica este envío.');
    }
    const { value } = await readJson(c);
    const input = parseWith(RoundInput, value);
    const result = await tables.sendRound(who, key, JSON.stringify(value), input.expectedTotal);
    c.header('location', `/api/orders/${result.order.id}`);
    noStore(c);
    if (result.replayed) c.header('idempotent-replayed', 'true');
    return c.json(result.order, 201);
  });

  app.post('/table-session/calls', async (c) => {
    const who = await caller(c);
    const input = await readBody(c, CallInput);
    const result = await tables.call(who, input.kind);
    noStore(c);
    return c.json(result, result.alreadyOpen ? 200 : 201);
  });

  app.get('/table-session/bill', async (c) => {
    const who = await caller(c);
    noStore(c);
    return c.json(await tables.bill(who));
  });

  app.get('/venues/:id/table-sessions', async (c) => {
    const id = staffOf(c);
    noStore(c);
    return c.json({ sessions: await tables.listOpen(id) });
  });

  app.post('/venues/:id/table-calls/:callId/ack', async (c) => {
    const id = staffOf(c);
    const callId = c.req.param('callId');
    if (callId.length > 100) throw problem('notFound', 404, 'Ese aviso no existe en este local.');
    return c.json(await tables.acknowledge(id, callId));
  });

  app.post('/venues/:id/tables/:label/close', async (c) => {
    const id = staffOf(c);
    const label = c.req.param('label');
    const entry = venues.get(id)!;
    if (!(entry.venue.tables ?? []).includes(label)) throw problem('notFound', 404, TABLE_MESSAGES.noOpenSession(label.slice(0, 40)));
    return c.json(await tables.close(id, label));
  });

  return app;
}
