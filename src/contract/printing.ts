/**
 * Printing kitchen tickets on the restaurant's own printers (server/README.md, "Printing"): a
 * venue's print agents (a token with the scope `printer:{venueId}`), its printers (ESC/POS over
 * TCP, one station each) and the print jobs, one per ticket per printer. Shared by the API, the
 * print agent (scripts/print-agent.ts) and the browser.
 */
import * as z from 'zod/mini';
import { Ticket } from './kitchen.ts';
import { Receipt } from './bill.ts';

/** The scope of a print agent's token: it may only read and acknowledge that venue's print jobs. */
export const printerScope = (venueId: string): string => `printer:${venueId}`;

/** A print agent's token starts with this (the rest is 256 random bits, base64url). */
export const PRINT_AGENT_TOKEN_PREFIX = 'upa_';

export const DEFAULT_PRINTER_PORT = 9100;
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
} as const;

export type PaperWidth = (typeof PAPER_WIDTHS)[number];

const printerId = z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Id de impresora no válido: minúsculas, números, «-» o «_», hasta 40'));

export const PrinterInput = z.strictObject({
  id: printerId,
  name: z.string().check(z.trim(), z.minLength(1, 'Escribe un nombre'), z.maxLength(40, 'Como mucho 40 caracteres')),
  station: z.string().check(z.minLength(1, 'Elige una estación'), z.maxLength(64, 'Estación no válida')),
  host: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9.:_-]{1,253}$/, 'Escribe la dirección IP o el nombre de la impresora')),
  port: z._default(z.int().check(z.minimum(1, 'Puerto no válido (1–65535)'), z.maximum(65535, 'Puerto no válido (1–65535)')), DEFAULT_PRINTER_PORT),
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
  /** What the agent last reported while it failed. */
  error: z.optional(z.string()),
  /** «Impresora {name} sin conexión» when it is not online. */
  alert: z.optional(z.string()),
});

export const PrinterList = z.object({ printers: z.array(Printer) });

export const PrinterStatusInput = z.strictObject({
  ok: z.boolean(),
  error: z.optional(z.string().check(z.maxLength(300))),
});

export const PrintAgent = z.object({ id: z.string(), createdAt: z.string(), lastSeen: z.optional(z.string()) });
export const PrintAgentList = z.object({ agents: z.array(PrintAgent) });
/** Shown once: only its hash is kept. */
export const CreatedPrintAgent = z.object({ id: z.string(), token: z.string(), scope: z.string(), createdAt: z.string() });

export const PrintJob = z.object({
  id: z.string(),
  /** Increases with every job of the venue: a printer's jobs print in this order. */
  seq: z.int(),
  /** A reprint: the ticket says DUPLICADO. */
  duplicate: z.boolean(),
  createdAt: z.string(),
  printer: z.object({ id: z.string(), name: z.string(), host: z.string(), port: z.int(), width: z.int() }),
  stationName: z.string(),
  /** A kitchen ticket to print; a job prints either a ticket or a receipt. */
  ticket: z.optional(Ticket),
  /** A receipt (factura simplificada) of a payment, on the bar's printer (else the venue's first; docs/rules.md#the-bill). */
  receipt: z.optional(Receipt),
});

export const PrintJobList = z.object({
  venue: z.object({ id: z.string(), name: z.string(), timezone: z.string() }),
  jobs: z.array(PrintJob),
});

export const CreatedPrintJobs = z.object({ jobs: z.array(z.object({ id: z.string(), printerId: z.string(), ticketId: z.string(), duplicate: z.boolean() })) });

export type PrinterInput = z.infer<typeof PrinterInput>;
export type Printer = z.infer<typeof Printer>;
export type PrintJob = z.infer<typeof PrintJob>;
export type PrintJobList = z.infer<typeof PrintJobList>;
export type PrintAgent = z.infer<typeof PrintAgent>;
