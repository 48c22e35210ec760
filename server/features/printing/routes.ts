/**
 * Printing: print agents (managers), printers (managers set them, staff read their state), the
 * print jobs a venue's agent long-polls for and acknowledges (its own token), reprints (staff).
 */
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import { Hono, type Context } from 'hono';
import type { AccessClaims } from '../../../src/contract/auth.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canManageVenue, canRunVenue } from '../../../src/contract/permissions.ts';
import { stationsOf } from '../../../src/contract/kitchen.ts';
import type { Venue } from '../../../src/contract/venue.ts';
import { CASH_DESK_STATION, MAX_PRINT_WAIT_SECONDS, PRINTING_MESSAGES } from '../../../src/contract/printing.ts';
import { routes } from '../../platform/operations.ts';
import { problem } from '../../platform/problem.ts';
import { authenticator, type AuthService } from '../auth/index.ts';
import type { PrintingService } from './service.ts';
import {
  ackPrintJob,
  createPrintAgent,
  listPrintAgents,
  listPrinters,
  listPrintJobs,
  putPrinters,
  reportPrinterStatus,
  reprintTicket,
  revokePrintAgent,
} from './operations.ts';

/** What the printing routes use (server/deps.ts gives them). */
export interface PrintingRouteDeps {
  printing: PrintingService;
  venues: { get(id: string): { venue: Venue } | undefined };
  auth: AuthService;
}

export function printingRoutes({ printing, venues, auth }: PrintingRouteDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));

  function venueOf(id: string): Venue {
    const entry = isValidVenueId(id) ? venues.get(id) : undefined;
    if (!entry) throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    return entry.venue;
  }
  function managedVenue(id: string, claims: AccessClaims): Venue {
    const venue = venueOf(id);
    if (!canManageVenue(claims.scope, id)) throw problem('forbidden', 403, PRINTING_MESSAGES.managersOnly);
    return venue;
  }
  function staffVenue(id: string, claims: AccessClaims): Venue {
    const venue = venueOf(id);
    if (!canRunVenue(claims.scope, id)) throw problem('forbidden', 403, PRINTING_MESSAGES.staffOnly);
    return venue;
  }
  /** The venue, when the caller is its print agent (`Authorization: Bearer upa_…`, scope `printer:{id}`): 401 otherwise, 403 for another venue's agent. */
  async function agentVenue(c: Context, id: string): Promise<Venue> {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token)
      throw problem('unauthorized', 401, PRINTING_MESSAGES.badAgentToken, {}, { 'www-authenticate': 'Bearer' });
    const venueId = await printing.agentVenue(token);
    const venue = venueOf(id);
    if (venueId !== venue.id) throw problem('forbidden', 403, PRINTING_MESSAGES.otherVenue);
    return venue;
  }

  on(createPrintAgent, async (c, { claims, param }) => {
    const venue = managedVenue(param('id'), claims);
    c.header('cache-control', 'no-store');
    return c.json(await printing.createAgent(venue.id, claims.sub), 201);
  });

  on(listPrintAgents, async (c, { claims, param }) => {
    const venue = managedVenue(param('id'), claims);
    c.header('cache-control', 'no-store');
    return c.json({ agents: await printing.listAgents(venue.id) });
  });

  on(revokePrintAgent, async (c, { claims, param }) => {
    const venue = managedVenue(param('id'), claims);
    await printing.revokeAgent(venue.id, param('agentId'));
    return c.body(null, 204);
  });

  on(listPrinters, async (c, { claims, param }) => {
    const venue = staffVenue(param('id'), claims);
    c.header('cache-control', 'no-store');
    return c.json({ printers: await printing.printers(venue.id) });
  });

  on(putPrinters, async (c, { claims, param, body }) => {
    const venue = managedVenue(param('id'), claims);
    const { printers } = await body();
    const stations = new Set([...stationsOf(venue).map((s) => s.id), CASH_DESK_STATION.id]);
    const errors: Record<string, string[]> = {};
    const seen = new Set<string>();
    printers.forEach((p, i) => {
      if (!stations.has(p.station)) errors[`printers.${i}.station`] = [PRINTING_MESSAGES.unknownStation(p.station)];
      if (seen.has(p.id)) errors[`printers.${i}.id`] = [PRINTING_MESSAGES.duplicateId(p.id)];
      seen.add(p.id);
    });
    const first = Object.values(errors)[0];
    if (first) throw problem('validation', 422, first[0], { errors });
    return c.json({ printers: await printing.setPrinters(venue.id, printers) });
  });

  on(listPrintJobs, async (c, { param }) => {
    const venue = await agentVenue(c, param('id'));
    const number = (name: string, max: number) => {
      const value = Number(c.req.query(name) ?? '0');
      return Number.isFinite(value) ? Math.min(Math.max(0, Math.floor(value)), max) : 0;
    };
    const jobs = await printing.jobs(
      venue.id,
      number('after', Number.MAX_SAFE_INTEGER),
      number('wait', MAX_PRINT_WAIT_SECONDS) * 1000,
      c.req.raw.signal,
    );
    // The token may have been revoked while the poll waited: checked again before any job goes out.
    if (jobs.length) await agentVenue(c, venue.id);
    c.header('cache-control', 'no-store');
    return c.json({ venue: { id: venue.id, name: venue.name, timezone: venue.timezone }, jobs });
  });

  on(ackPrintJob, async (c, { param }) => {
    const venue = await agentVenue(c, param('id'));
    await printing.ack(venue.id, param('jobId'));
    return c.body(null, 204);
  });

  on(reportPrinterStatus, async (c, { param, body }) => {
    const venue = await agentVenue(c, param('id'));
    const { ok, error } = await body();
    await printing.printerStatus(venue.id, param('printerId').slice(0, 100), ok, error);
    return c.body(null, 204);
  });

  on(reprintTicket, async (c, { claims, param }) => {
    const venue = staffVenue(param('id'), claims);
    return c.json({ jobs: await printing.reprint(venue.id, param('ticketId')) }, 201);
  });

  return app;
}
