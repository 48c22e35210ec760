/**
 * The floor's routes (docs/rules.md#the-floor), staff, manager or admin of the venue only; every route is an
 * operation of floor/operations.ts. `POST /venues/{id}/tables/{label}/open`, `GET …/session`,
 * `PUT|DELETE …/cart/lines/{lineId}`, `POST …/rounds`, `DELETE …/participants/{participantId}`, `POST …/move`,
 * `POST …/merge`. A diner's table credential sent without a bearer token is refused with 403, not 401: no sign-in
 * would help.
 */
import { Hono, type Context } from 'hono';
import type { AccessClaims } from '../../../../src/contract/auth.ts';
import { isValidVenueId } from '../../../../src/contract/limits.ts';
import { canManageVenue, canRunVenue } from '../../../../src/contract/permissions.ts';
import {
  CART_LINE_ID_PATTERN,
  TABLE_CREDENTIAL_HEADER,
  TABLE_MESSAGES,
  TABLE_STRINGS,
} from '../../../../src/contract/table.ts';
import { PROBLEM_MESSAGES } from '../../../../src/contract/problem.ts';
import { routes, type Authenticate } from '../../../platform/operations.ts';
import { problem } from '../../../platform/problem.ts';
import { authenticator, type AuthService } from '../../auth/index.ts';
import type { VenueStore } from '../../venues/index.ts';
import type { StaffActor, TableSessionService } from '../context.ts';
import {
  deleteWaiterCartLine,
  getStaffTableSession,
  mergeTable,
  moveTable,
  openTableSession,
  putWaiterCartLine,
  removeTableParticipant,
  sendWaiterRound,
} from './operations.ts';

const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

export interface FloorRouteDeps {
  tableSessions: TableSessionService;
  auth: AuthService;
  venues: VenueStore;
}

export function floorRoutes({ tableSessions, auth, venues }: FloorRouteDeps): Hono {
  const app = new Hono();
  const bearer = authenticator(auth);
  const staffAuth: Authenticate = {
    required: (c) => {
      if (!c.req.header('authorization') && c.req.header(TABLE_CREDENTIAL_HEADER))
        throw problem('forbidden', 403, TABLE_MESSAGES.floorStaffOnly);
      return bearer.required(c);
    },
    optional: (c) => bearer.optional(c),
  };
  const on = routes(app, staffAuth);
  const noStore = (c: Context) => c.header('cache-control', 'no-store');

  /** The venue and table, and who acts: staff (or manager) of the venue, or admin; 404 for an unknown venue or table. */
  const staffAt = (claims: AccessClaims, id: string, label: string): StaffActor => {
    const entry = isValidVenueId(id) ? venues.get(id) : undefined;
    if (!entry) throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    if (!canRunVenue(claims.scope, id)) throw problem('forbidden', 403, TABLE_MESSAGES.floorStaffOnly);
    if (!(entry.venue.tables ?? []).includes(label))
      throw problem('notFound', 404, TABLE_MESSAGES.tableUnknown(label.slice(0, 40)));
    return {
      id: claims.sub,
      name: claims.name?.trim() || TABLE_STRINGS.staffUnnamed,
      role: canManageVenue(claims.scope, id) ? 'manager' : 'staff',
    };
  };
  const lineIdOf = (param: (name: string) => string) => {
    const lineId = param('lineId');
    if (!CART_LINE_ID_PATTERN.test(lineId))
      throw problem('validation', 422, TABLE_MESSAGES.lineIdInvalid, {
        errors: { lineId: [TABLE_MESSAGES.lineIdInvalidField] },
      });
    return lineId;
  };
  /** The other table of a move or merge must be one of the venue's. */
  const otherTable = (id: string, label: string) => {
    if (!(venues.get(id)!.venue.tables ?? []).includes(label))
      throw problem('notFound', 404, TABLE_MESSAGES.tableUnknown(label.slice(0, 40)));
    return label;
  };

  on(openTableSession, async (c, { claims, param }) => {
    const id = param('id');
    const label = param('label');
    const actor = staffAt(claims, id, label);
    noStore(c);
    const { session, created } = await tableSessions.openTable(id, label, actor);
    return c.json({ session }, created ? 201 : 200);
  });

  on(getStaffTableSession, async (c, { claims, param }) => {
    const id = param('id');
    const label = param('label');
    staffAt(claims, id, label);
    noStore(c);
    return c.json(await tableSessions.tableSession(id, label));
  });

  on(putWaiterCartLine, async (c, { claims, param, body }) => {
    const id = param('id');
    const label = param('label');
    const actor = staffAt(claims, id, label);
    const lineId = lineIdOf(param);
    const input = await body();
    const caller = await tableSessions.staffCaller(id, label, actor);
    noStore(c);
    return c.json(await tableSessions.putLine(caller, lineId, input));
  });

  on(deleteWaiterCartLine, async (c, { claims, param }) => {
    const id = param('id');
    const label = param('label');
    const actor = staffAt(claims, id, label);
    const lineId = lineIdOf(param);
    const caller = await tableSessions.staffCaller(id, label, actor);
    noStore(c);
    return c.json(await tableSessions.deleteLine(caller, lineId));
  });

  on(sendWaiterRound, async (c, { claims, param, json, check }) => {
    const id = param('id');
    const label = param('label');
    const actor = staffAt(claims, id, label);
    const key = c.req.header('idempotency-key');
    if (!key || !KEY_PATTERN.test(key))
      throw problem(
        'idempotencyKeyMissing',
        400,
        PROBLEM_MESSAGES.idempotencyKeyMissing(TABLE_MESSAGES.idempotencyKeyOf),
      );
    const { raw, value } = c.req.header('content-type') ? await json() : { raw: '{}', value: {} };
    const input = check(value);
    const caller = await tableSessions.staffCaller(id, label, actor);
    // Without `expectedTotal`, the cart's total now (a repeat of the key answers the first round before comparing it).
    const expected = input.expectedTotal ?? (await tableSessions.snapshot(caller.session)).cart.subtotal;
    const result = await tableSessions.sendRound(caller, key, raw || '{}', expected);
    c.header('location', `/api/orders/${result.order.id}`);
    noStore(c);
    if (result.replayed) c.header('idempotent-replayed', 'true');
    return c.json(result.order, 201);
  });

  on(removeTableParticipant, async (c, { claims, param }) => {
    const id = param('id');
    const label = param('label');
    const actor = staffAt(claims, id, label);
    noStore(c);
    return c.json(await tableSessions.removeParticipant(id, label, param('participantId'), actor));
  });

  on(moveTable, async (c, { claims, param, body }) => {
    const id = param('id');
    const label = param('label');
    const actor = staffAt(claims, id, label);
    const { to } = await body();
    noStore(c);
    return c.json({ session: await tableSessions.move(id, label, otherTable(id, to), actor) });
  });

  on(mergeTable, async (c, { claims, param, body }) => {
    const id = param('id');
    const label = param('label');
    const actor = staffAt(claims, id, label);
    const { into } = await body();
    noStore(c);
    return c.json({ session: await tableSessions.merge(id, label, otherTable(id, into), actor) });
  });

  return app;
}
