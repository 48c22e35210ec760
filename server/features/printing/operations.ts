/** The printing feature's API operations (server/platform/operations.ts): each is its route's validation and its OpenAPI entry. */
import { PrintersInput, PrinterStatusInput } from '../../../src/contract/printing.ts';
import { operation } from '../../platform/operations.ts';
import { idParam, json, printerAuth, problemResponse } from '../../platform/openapi.ts';

const tags = ['printing'];
const venueParam = idParam('id', 'Venue id');
const noContent = { description: 'Done' };
const managers = { 403: problemResponse('Not a manager of this venue'), 404: problemResponse('No such venue') };

export const createPrintAgent = operation({
  method: 'post',
  path: '/venues/{id}/print-agents',
  operationId: 'createPrintAgent',
  tags,
  access: 'bearer',
  summary:
    'A new print agent token (manager of the venue, admin): scope `printer:{id}`, shown once (only its SHA-256 is kept)',
  parameters: [venueParam],
  responses: { 201: json('CreatedPrintAgent', 'The agent and its token'), ...managers },
});

export const listPrintAgents = operation({
  method: 'get',
  path: '/venues/{id}/print-agents',
  operationId: 'listPrintAgents',
  tags,
  access: 'bearer',
  summary: "The venue's print agents not revoked (manager of the venue, admin), without their tokens",
  parameters: [venueParam],
  responses: { 200: json('PrintAgentList', 'Agents'), ...managers },
});

export const revokePrintAgent = operation({
  method: 'delete',
  path: '/venues/{id}/print-agents/{agentId}',
  operationId: 'revokePrintAgent',
  tags,
  access: 'bearer',
  summary: "Revoke a print agent's token (manager of the venue, admin; idempotent): it is refused from then on",
  parameters: [venueParam, idParam('agentId', 'Agent id')],
  responses: { 204: noContent, ...managers, 404: problemResponse('No such venue or agent') },
});

export const listPrinters = operation({
  method: 'get',
  path: '/venues/{id}/printers',
  operationId: 'listPrinters',
  tags,
  access: 'bearer',
  summary:
    "The venue's printers with their state (staff or manager of the venue, admin): `online` false and `alert` «Impresora {name} sin conexión» once the agent has failed to reach it for 15 s; `error` in words («rechaza la conexión», «no responde»)",
  parameters: [venueParam],
  responses: {
    200: json('PrinterList', 'Printers'),
    403: problemResponse('Not staff of this venue'),
    404: problemResponse('No such venue'),
  },
});

export const putPrinters = operation({
  method: 'put',
  path: '/venues/{id}/printers',
  operationId: 'putPrinters',
  tags,
  access: 'bearer',
  summary:
    "Replace the venue's printers (manager of the venue, admin): ESC/POS over TCP, `port` 9100 and `width` 80 by default (80 or 58 mm), each for one station of the venue; `host` of the restaurant's network (RFC 1918, IPv6 ULA, or a name) and `port` 9100–9102 only",
  parameters: [venueParam],
  body: PrintersInput,
  responses: { 200: json('PrinterList', 'Printers'), ...managers },
});

export const listPrintJobs = operation({
  method: 'get',
  path: '/venues/{id}/print-jobs',
  operationId: 'listPrintJobs',
  tags,
  access: 'printer',
  summary:
    "Print jobs not yet acknowledged, in order, each with its ticket and printer (the venue's print agent): at once when there are any, else waits up to `wait` seconds for new ones",
  parameters: [
    venueParam,
    {
      name: 'wait',
      in: 'query',
      required: false,
      description: 'Seconds to wait for a job when none is pending (0–30; default 0)',
      schema: { type: 'integer', minimum: 0, maximum: 30 },
    },
    {
      name: 'after',
      in: 'query',
      required: false,
      description: "Only jobs whose `seq` is greater (the agent's cursor; default 0: every pending job)",
      schema: { type: 'integer', minimum: 0 },
    },
  ],
  responses: { 200: json('PrintJobList', 'Jobs'), ...printerAuth, 404: problemResponse('No such venue') },
});

export const ackPrintJob = operation({
  method: 'post',
  path: '/venues/{id}/print-jobs/{jobId}/ack',
  operationId: 'ackPrintJob',
  tags,
  access: 'printer',
  summary: "The job is printed (the venue's print agent; idempotent): it is never sent again",
  parameters: [venueParam, idParam('jobId', 'Job id')],
  responses: { 204: noContent, ...printerAuth, 404: problemResponse('No such venue or job') },
});

export const reportPrinterStatus = operation({
  method: 'post',
  path: '/venues/{id}/printers/{printerId}/status',
  operationId: 'reportPrinterStatus',
  tags,
  access: 'printer',
  summary:
    "The agent reports whether it reached a printer (the venue's print agent): `{ok: false, error}` while it cannot",
  parameters: [venueParam, idParam('printerId', 'Printer id')],
  body: PrinterStatusInput,
  responses: { 204: noContent, ...printerAuth, 404: problemResponse('No such venue or printer') },
});

export const reprintTicket = operation({
  method: 'post',
  path: '/venues/{id}/tickets/{ticketId}/reprint',
  operationId: 'reprintTicket',
  tags,
  access: 'bearer',
  summary:
    "«Reimprimir»: a new job per printer of the ticket's station, its ticket marked DUPLICADO (staff or manager of the venue, admin)",
  parameters: [venueParam, idParam('ticketId', 'Ticket id')],
  responses: {
    201: json('CreatedPrintJobs', 'The jobs created'),
    403: problemResponse('Not staff of this venue'),
    404: problemResponse('No such venue or ticket'),
    409: problemResponse("No printer for the ticket's station (type unavailable)"),
  },
});
