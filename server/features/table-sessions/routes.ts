/**
 * Table sessions (docs/rules.md#table-sessions), the HTTP side of server/features/table-sessions/service.ts; every
 * route is an operation of operations.ts.
 *
 * Diners: `GET /venues/{id}/tables/{label}/check?t=`, `POST /venues/{id}/tables/{label}/join`,
 * then with the participant credential in `X-Table-Credential`: `GET /table-session`,
 * `GET /table-session/events` (SSE), `PUT|DELETE /table-session/cart/lines/{lineId}`,
 * `POST /table-session/rounds`, `POST /table-session/calls` (the bill: server/features/billing).
 * Staff of the venue: `GET /venues/{id}/table-sessions`, `POST /venues/{id}/table-calls/{callId}/ack`,
 * `POST /venues/{id}/tables/{label}/close`.
 */
import { Hono, type Context } from 'hono';
import type { AccessClaims } from '../../../src/contract/auth.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canRunVenue } from '../../../src/contract/permissions.ts';
import {
  CART_LINE_ID_PATTERN,
  JoinInput,
  TABLE_CREDENTIAL_HEADER,
  TABLE_MESSAGES,
  TABLE_STRINGS,
} from '../../../src/contract/table.ts';
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import type { ServerConfig } from '../../platform/config.ts';
import type { EventBus, EventType, StoredEvent } from '../../platform/events/bus.ts';
import type { AuthService } from '../auth/index.ts';
import type { VenueStore } from '../venues/index.ts';
import type { OrderService } from '../orders/index.ts';
import type { TableSessionService } from './context.ts';
import { clientIp } from '../../platform/http.ts';
import { routes, type Input, type Operation } from '../../platform/operations.ts';
import { problem, validationProblem } from '../../platform/problem.ts';
import { eventStream } from '../../platform/events/sse.ts';
import { authenticator } from '../auth/index.ts';
import type { TableCaller } from './context.ts';
import { floorRoutes } from './floor/routes.ts';
import {
  acknowledgeTableCall,
  callTableStaff,
  checkTableToken,
  closeTable,
  deleteTableCartLine,
  getTableSession,
  joinTable,
  listTableSessions,
  putTableCartLine,
  sendTableRound,
  streamTableSession,
} from './operations.ts';

const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
/** What a phone's stream sends of its session's events (docs/rules.md#table-sessions, docs/rules.md#the-floor). */
const TABLE_STREAM_EVENTS = new Set<EventType>([
  'session',
  'cart',
  'order',
  'bill',
  'table-moved',
  'participant-removed',
]);

/** A merge of this phone's session into another, or the removal of this phone's person: its stream ends after it. */
function endsSeat(e: StoredEvent, participantId: string): boolean {
  if (e.type !== 'table-moved' && e.type !== 'participant-removed') return false;
  try {
    const data = JSON.parse(e.data) as { kind?: string; participantId?: string };
    return e.type === 'table-moved' ? data.kind === 'merge' : data.participantId === participantId;
  } catch {
    return false;
  }
}

/** The most history a reconnecting phone is sent; past it, one current snapshot. */
const TABLE_REPLAY_LIMIT = { events: 200, bytes: 256 * 1024 };

/** What the table sessions' routes use (server/deps.ts gives them). */
export interface TableSessionRouteDeps {
  tableSessions: TableSessionService;
  auth: AuthService;
  venues: VenueStore;
  config: Pick<ServerConfig, 'sseHeartbeatMs'>;
  events: EventBus;
  orders: OrderService;
}

export function tableSessionRoutes({
  tableSessions,
  auth,
  venues,
  config,
  events,
  orders,
}: TableSessionRouteDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));

  /**
   * Access `table`: the participant of the credential in `X-Table-Credential` (401 table-credential-invalid
   * otherwise), checked before anything else of the request is read.
   */
  const onTable = <B>(
    op: Operation<B, 'table'>,
    handler: (c: Context, input: Input<B, 'table'>, who: TableCaller) => Response | Promise<Response>,
  ) =>
    on(op, async (c, input) =>
      handler(c, input, await tableSessions.authenticate(c.req.header(TABLE_CREDENTIAL_HEADER))),
    );

  const invalidToken = () => problem('tableTokenInvalid', 404, TABLE_STRINGS.invalidToken);
  const noStore = (c: Context) => c.header('cache-control', 'no-store');
  /** 404 for a link that opens nothing, counted in the address's bad-token bucket (429 once it is full). */
  const badLink = async (c: Context, id: string, label: string): Promise<never> => {
    await tableSessions.checkLink(isValidVenueId(id) ? id : '', label, '', clientIp(c));
    throw invalidToken();
  };

  /** Staff (or manager) of the venue, or admin; 404 for an unknown venue. */
  const staffOf = (claims: AccessClaims, id: string) => {
    if (!isValidVenueId(id) || !venues.get(id))
      throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    if (!canRunVenue(claims.scope, id)) throw problem('forbidden', 403, TABLE_MESSAGES.staffOnly);
    return id;
  };

  on(checkTableToken, async (c, { param }) => {
    const id = param('id');
    const label = param('label');
    noStore(c);
    // Every wrong link counts in the address's bad-token bucket (an unknown venue too).
    if (!(await tableSessions.checkLink(isValidVenueId(id) ? id : '', label, c.req.query('t') ?? '', clientIp(c))))
      throw invalidToken();
    return c.json({ venueId: id, table: label });
  });

  // A signed-in diner joins under their account name (an expired token: 401, the client refreshes it).
  on(joinTable, async (c, { claims, json, param }) => {
    const id = param('id');
    const label = param('label');
    noStore(c);
    const accountName = claims?.name;
    const { value } = await json();
    const parsed = JoinInput.safeParse(value);
    if (!parsed.success) {
      const issues = parsed.error.issues;
      // A token of the wrong shape is a wrong token: counted as one.
      if (issues.some((i) => i.path[0] === 'token')) return badLink(c, id, label);
      // A missing or bad name is answered after the token is checked (by the service).
      if (!issues.every((i) => i.path[0] === 'name')) throw validationProblem(issues);
    }
    if (!isValidVenueId(id)) return badLink(c, id, label);
    const result = await tableSessions.join({
      venueId: id,
      label,
      token: (value as { token: string }).token,
      name: parsed.success ? parsed.data.name : undefined,
      nameProblem: parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'name')?.message,
      accountName: accountName?.trim() ? accountName : undefined,
      address: clientIp(c),
      group: parsed.success ? parsed.data.group : undefined,
    });
    return 'waiting' in result ? c.json(result, 202) : c.json(result, 201);
  });

  onTable(getTableSession, async (c, _input, who) => {
    noStore(c);
    return c.json(await tableSessions.snapshot(who.session));
  });

  const streamDeps = { events, heartbeatMs: config.sseHeartbeatMs, onClose: (fn: () => void) => orders.onClose(fn) };

  /** SSE: `event: session` (the whole session) now and after every change but the cart's, `event: cart` (one line), `event: order` when a round changes. */
  onTable(streamTableSession, async (c, _input, who) => {
    const closed = who.session.status === 'closed';
    return eventStream(c, streamDeps, {
      venueId: who.session.venue_id,
      sessionId: who.session.id,
      accept: (e) => TABLE_STREAM_EVENTS.has(e.type),
      // A merge moves the phone to another session, a removal ends its seat: the stream ends after saying so
      // (docs/rules.md#the-floor); the phone reconnects with its credential (the merged session) or leaves.
      endAfter: (e) => endsSeat(e, who.participantId),
      // A phone far behind gets the session as it is now, not its history.
      replayLimit: TABLE_REPLAY_LIMIT,
      // Nothing of a closed session is replayed: its phones get the empty closed snapshot.
      ignoreResume: closed,
      async fresh() {
        const { cursor, session } = await tableSessions.streamStart(who.session);
        return { cursor, first: [{ event: 'session', data: JSON.stringify(session) }] };
      },
    });
  });

  const lineIdOf = (param: (name: string) => string) => {
    const lineId = param('lineId');
    if (!CART_LINE_ID_PATTERN.test(lineId))
      throw problem('validation', 422, TABLE_MESSAGES.lineIdInvalid, {
        errors: { lineId: [TABLE_MESSAGES.lineIdInvalidField] },
      });
    return lineId;
  };

  onTable(putTableCartLine, async (c, { body, param }, who) => {
    const lineId = lineIdOf(param);
    const input = await body();
    noStore(c);
    return c.json(await tableSessions.putLine(who, lineId, input));
  });

  onTable(deleteTableCartLine, async (c, { param }, who) => {
    const lineId = lineIdOf(param);
    noStore(c);
    return c.json(await tableSessions.deleteLine(who, lineId));
  });

  onTable(sendTableRound, async (c, { json, check }, who) => {
    const key = c.req.header('idempotency-key');
    if (!key || !KEY_PATTERN.test(key)) {
      throw problem(
        'idempotencyKeyMissing',
        400,
        PROBLEM_MESSAGES.idempotencyKeyMissing(TABLE_MESSAGES.idempotencyKeyOf),
      );
    }
    const { value } = await json();
    const input = check(value);
    const result = await tableSessions.sendRound(who, key, JSON.stringify(value), input.expectedTotal, input.language);
    c.header('location', `/api/orders/${result.order.id}`);
    noStore(c);
    if (result.replayed) c.header('idempotent-replayed', 'true');
    return c.json(result.order, 201);
  });

  onTable(callTableStaff, async (c, { body }, who) => {
    const input = await body();
    const result = await tableSessions.call(who, input.kind);
    noStore(c);
    return c.json(result, result.alreadyOpen ? 200 : 201);
  });

  on(listTableSessions, async (c, { claims, param }) => {
    const id = staffOf(claims, param('id'));
    noStore(c);
    return c.json({ sessions: await tableSessions.listOpen(id) });
  });

  on(acknowledgeTableCall, async (c, { claims, param }) => {
    const id = staffOf(claims, param('id'));
    const callId = param('callId');
    if (callId.length > 100) throw problem('notFound', 404, TABLE_MESSAGES.callNotFound);
    return c.json(await tableSessions.acknowledge(id, callId));
  });

  on(closeTable, async (c, { claims, param, json, check }) => {
    const id = staffOf(claims, param('id'));
    const label = param('label');
    const entry = venues.get(id)!;
    if (!(entry.venue.tables ?? []).includes(label))
      throw problem('notFound', 404, TABLE_MESSAGES.noOpenSession(label.slice(0, 40)));
    // The body is optional: `{confirmUnpaid: true}` closes a table that still owes (docs/rules.md#the-bill).
    const input = c.req.header('content-type') ? check((await json()).value) : {};
    const actor = { id: claims.sub, name: claims.name ?? claims.sub };
    return c.json(await tableSessions.close(id, label, { confirmUnpaid: input.confirmUnpaid, actor }));
  });

  app.route('/', floorRoutes({ tableSessions, auth, venues }));
  return app;
}
