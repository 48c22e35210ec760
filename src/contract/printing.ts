/**
 * Printing kitchen tickets on the restaurant's own printers (server/README.md, "Printing"): a
 * venue's print agents (a token with the scope `printer:{venueId}`), its printers (ESC/POS over
 * TCP, one station each) and the print jobs, one per ticket per printer. Shared by the API, the
 * print agent (agent/print-agent.ts) and the browser.
 *
 * A printer's address is a host of the restaurant's own network (docs/rules.md#printer-addresses):
 * an IPv4 address of RFC 1918 (10/8, 172.16/12, 192.168/16), an IPv6 unique local address
 * (fc00::/7) or a name the agent resolves to one of those — never loopback, link-local (the cloud's
 * metadata address) or the internet — on a printer port (9100–9102). The API refuses any other
 * address, and the agent checks again what a name resolves to before it connects.
 */
import * as z from 'zod/mini';
import { Ticket } from './kitchen.ts';
import { Receipt } from './bill.ts';
import { PreBill } from './corrections.ts';

/** The scope of a print agent's token: it may only read and acknowledge that venue's print jobs. */
export const printerScope = (venueId: string): string => `printer:${venueId}`;

/** A print agent's token starts with this (the rest is 256 random bits, base64url). */
export const PRINT_AGENT_TOKEN_PREFIX = 'upa_';

/**
 * The station of the printer a table's pre-bill prints on («Imprimir cuenta», docs/rules.md#the-floor): a printer
 * may be mapped to it besides the venue's kitchen stations.
 */
export const CASH_DESK_STATION = { id: 'caja', name: 'Caja' } as const;

export const DEFAULT_PRINTER_PORT = 9100;
/** The raw-printing ports of network printers (JetDirect/AppSocket): the only ones the API accepts. */
export const PRINTER_PORTS: readonly number[] = [9100, 9101, 9102];

/** The four numbers of a dotted IPv4 address, or undefined. */
function ipv4(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p))) return undefined;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : undefined;
}

/** True for an address of the restaurant's own network: RFC 1918 IPv4 or IPv6 unique local (fc00::/7). */
export function isPrivateNetworkAddress(address: string): boolean {
  const v4 = ipv4(address.replace(/^::ffff:/i, ''));
  if (v4) {
    const [a, b] = v4 as [number, number, number, number];
    return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (!address.includes(':') || !/^[0-9a-f:]+$/i.test(address)) return false;
  const first = address.split(':')[0]!;
  return first.length >= 3 && first.length <= 4 && /^f[cd]/i.test(first.padStart(4, '0'));
}

/**
 * A host name the agent may resolve (its address is checked there): letters first in every label (no
 * numeric or hexadecimal spelling of an address), and not `localhost` nor a cloud's internal name.
 */
function isPrinterName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!/^[a-z][a-z0-9-]{0,62}(\.[a-z][a-z0-9-]{0,62})*$/.test(name) || name.length > 253) return false;
  return !/(^|\.)(localhost|internal|metadata)$/.test(name) && name !== 'metadata';
}

/** Why `host` is not a printer address the API accepts (a Spanish sentence), or undefined when it is. */
export function printerHostProblem(host: string): string | undefined {
  if (isPrivateNetworkAddress(host)) return undefined;
  if (ipv4(host) || host.includes(':')) return PRINTING_MESSAGES.hostNotPrivate;
  return isPrinterName(host) ? undefined : PRINTING_MESSAGES.hostInvalid;
}

/**
 * What a person reads about a printer the agent cannot reach, from what the agent reported (an error code such
 * as `ECONNREFUSED`, or the words themselves): never an address, a port or a system message.
 */
export function printerErrorWords(reported: string): string {
  const known = Object.values(PRINTER_ERROR_WORDS) as string[];
  if (known.includes(reported)) return reported;
  if (/ECONNREFUSED/i.test(reported)) return PRINTER_ERROR_WORDS.refused;
  if (/ENOTFOUND|EAI_AGAIN|EAI_NONAME/i.test(reported)) return PRINTER_ERROR_WORDS.notFound;
  if (/ECONNRESET|EPIPE/i.test(reported)) return PRINTER_ERROR_WORDS.reset;
  return PRINTER_ERROR_WORDS.noAnswer;
}

/** The words a printer's failure is reported in (`Printer.error`). */
export const PRINTER_ERROR_WORDS = {
  refused: 'rechaza la conexión',
  noAnswer: 'no responde',
  notFound: 'no se encuentra en la red',
  reset: 'cortó la conexión',
  notAllowed: 'no está en la red local',
} as const;
export const PAPER_WIDTHS = [80, 58] as const;
export const DEFAULT_PAPER_WIDTH = 80;
/** Characters per line of the normal font on each paper width (Font A). */
export const COLUMNS_OF_WIDTH: Record<PaperWidth, number> = { 80: 48, 58: 32 };
/** A printer the agent cannot reach for this long is shown as disconnected. */
export const PRINTER_OFFLINE_AFTER_MS = 15_000;
/** The longest a long-poll for print jobs waits (`?wait=` seconds). */
export const MAX_PRINT_WAIT_SECONDS = 30;
export const MAX_PRINTERS = 20;

export const PRINTING_MESSAGES = {
  offline: (name: string) => `Impresora ${name} sin conexión`,
  unknownStation: (id: string) => `La estación «${id}» no existe en este local.`,
  duplicateId: (id: string) => `Hay dos impresoras con el id «${id}».`,
  managersOnly: 'Solo la gerencia de este local puede gestionar sus impresoras.',
  badAgentToken: 'Token de impresión no válido o revocado.',
  otherVenue: 'Este token de impresión es de otro local.',
  agentNotFound: 'Ese agente de impresión no existe.',
  jobNotFound: 'Ese trabajo de impresión no existe.',
  printerNotFound: 'Esa impresora no existe.',
  noPrinter: (station: string) => `No hay ninguna impresora para la estación «${station}».`,
  staffOnly: 'Solo el personal de este local puede hacer esto.',
  ticketNotFound: 'Esa comanda no existe.',
  hostNotPrivate:
    'Usa la dirección de la impresora en la red del local (10.x.x.x, 172.16–31.x.x, 192.168.x.x o fd…): no se admiten otras direcciones.',
  hostInvalid:
    'Escribe la dirección IP de la impresora en la red del local (p. ej. 192.168.1.50) o su nombre en esa red.',
  portInvalid: `Puerto de impresora no válido: ${PRINTER_PORTS.join(', ')}.`,
} as const;

export type PaperWidth = (typeof PAPER_WIDTHS)[number];

const printerId = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Id de impresora no válido: minúsculas, números, «-» o «_», hasta 40'));

export const PrinterInput = z.strictObject({
  id: printerId,
  name: z.string().check(z.trim(), z.minLength(1, 'Escribe un nombre'), z.maxLength(40, 'Como mucho 40 caracteres')),
  station: z.string().check(z.minLength(1, 'Elige una estación'), z.maxLength(64, 'Estación no válida')),
  host: z.string().check(
    z.trim(),
    z.regex(/^[A-Za-z0-9.:_-]{1,253}$/, PRINTING_MESSAGES.hostInvalid),
    z.refine((host) => printerHostProblem(host) === undefined, {
      error: (issue) => printerHostProblem(String(issue.input)) ?? PRINTING_MESSAGES.hostInvalid,
    }),
  ),
  port: z._default(
    z
      .int(PRINTING_MESSAGES.portInvalid)
      .check(z.refine((port) => PRINTER_PORTS.includes(port), PRINTING_MESSAGES.portInvalid)),
    DEFAULT_PRINTER_PORT,
  ),
  width: z._default(z.union([z.literal(80), z.literal(58)], 'Ancho de papel: 80 o 58 mm'), DEFAULT_PAPER_WIDTH),
});

export const PrintersInput = z.strictObject({
  printers: z.array(PrinterInput).check(z.maxLength(MAX_PRINTERS, `Como mucho ${MAX_PRINTERS} impresoras`)),
});

export const Printer = z.object({
  id: z.string(),
  name: z.string(),
  station: z.string(),
  host: z.string(),
  port: z.int(),
  width: z.int(),
  /** False once the agent has failed to reach it for `PRINTER_OFFLINE_AFTER_MS`. */
  online: z.boolean(),
  /** The last time the agent printed on it or found it reachable. */
  lastSeen: z.optional(z.string()),
  /** What the agent last reported while it failed, in words («rechaza la conexión», «no responde»). */
  error: z.optional(z.string()),
  /** «Impresora {name} sin conexión» when it is not online. */
  alert: z.optional(z.string()),
});

export const PrinterList = z.object({ printers: z.array(Printer) });

/** What the agent reports about a printer: `error` is a code (`ECONNREFUSED`) or the words; the API keeps only the words (`printerErrorWords`). */
export const PrinterStatusInput = z.strictObject({
  ok: z.boolean(),
  error: z.optional(z.string().check(z.maxLength(300))),
});

export const PrintAgent = z.object({ id: z.string(), createdAt: z.string(), lastSeen: z.optional(z.string()) });
export const PrintAgentList = z.object({ agents: z.array(PrintAgent) });
/** Shown once: only its hash is kept. */
export const CreatedPrintAgent = z.object({
  id: z.string(),
  token: z.string(),
  scope: z.string(),
  createdAt: z.string(),
});

export const PrintJob = z.object({
  id: z.string(),
  /** Increases with every job of the venue: a printer's jobs print in this order. */
  seq: z.int(),
  /** A reprint: the ticket says DUPLICADO. */
  duplicate: z.boolean(),
  /** Lines voided after they were sent: `ticket` holds only them (the quantity voided), printed under «ANULADO». */
  voided: z.optional(z.boolean()),
  createdAt: z.string(),
  printer: z.object({ id: z.string(), name: z.string(), host: z.string(), port: z.int(), width: z.int() }),
  stationName: z.string(),
  /** A kitchen ticket to print; a job prints either a ticket or a receipt. */
  ticket: z.optional(Ticket),
  /** A receipt (factura simplificada) of a payment, on the bar's printer (else the venue's first; docs/rules.md#the-bill). */
  receipt: z.optional(Receipt),
  /** A table's pre-bill («Imprimir cuenta», «Esto no es una factura»), on the printer of station `caja`. */
  prebill: z.optional(PreBill),
});

export const PrintJobList = z.object({
  venue: z.object({ id: z.string(), name: z.string(), timezone: z.string() }),
  jobs: z.array(PrintJob),
});

export const CreatedPrintJobs = z.object({
  jobs: z.array(z.object({ id: z.string(), printerId: z.string(), ticketId: z.string(), duplicate: z.boolean() })),
});

export type PrinterInput = z.infer<typeof PrinterInput>;
export type Printer = z.infer<typeof Printer>;
export type PrintJob = z.infer<typeof PrintJob>;
export type PrintJobList = z.infer<typeof PrintJobList>;
export type PrintAgent = z.infer<typeof PrintAgent>;
