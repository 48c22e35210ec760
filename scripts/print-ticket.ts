/**
 * A kitchen ticket as ESC/POS bytes (server/README.md, "Printing"), built with
 * `@point-of-sale/receipt-printer-encoder` (no hand-written escape codes): venue, station, the
 * order's number in large type, table or customer, time in the venue's time zone, the lines
 * (quantity, name, options, notes, who), the course, and DUPLICADO in large type on a reprint.
 * Text is encoded in code page 858 (Western European with €), which every ESC/POS printer knows.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { COURSE_LABELS } from '../src/contract/kitchen.ts';
import { COLUMNS_OF_WIDTH, type PrintJob } from '../src/contract/printing.ts';

const MODE_LABELS: Record<string, string> = { pickup: 'Para recoger', delivery: 'A domicilio', table: 'En mesa' };

export function ticketTime(iso: string, timezone: string): string {
  return new Intl.DateTimeFormat('es-ES', { timeZone: timezone, day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));
}

export function renderTicket(job: PrintJob, venue: { name: string; timezone: string }): Uint8Array {
  const width = job.printer.width === 58 ? 58 : 80;
  const columns = COLUMNS_OF_WIDTH[width];
  const { ticket } = job;
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, feedBeforeCut: 4 });
  let e = encoder.initialize().codepage('cp858');
  if (job.duplicate) e = e.align('center').invert(true).size(2, 2).line(' DUPLICADO ').size(1, 1).invert(false).newline();
  e = e.align('center').bold(true).line(venue.name).bold(false)
    .line(job.stationName.toUpperCase())
    .size(2, 2).bold(true).line(ticket.orderNumber).bold(false).size(1, 1);
  if (ticket.table) e = e.size(2, 1).line(`Mesa ${ticket.table}`).size(1, 1);
  e = e.line(ticket.table ? ticket.customer : `${MODE_LABELS[ticket.mode] ?? ''}: ${ticket.customer}`)
    .line(ticketTime(ticket.firedAt ?? ticket.createdAt, venue.timezone));
  if (ticket.course) e = e.bold(true).line(COURSE_LABELS[ticket.course].toUpperCase()).bold(false);
  e = e.align('left').rule();
  for (const line of ticket.lines) {
    e = e.bold(true).size(1, 2).line(`${line.quantity} x ${line.name}`).size(1, 1).bold(false);
    for (const option of line.options) e = e.line(`   + ${option}`);
    if (line.note) e = e.italic(true).line(`   Nota: ${line.note}`).italic(false);
    if (line.by) e = e.line(`   (${line.by})`);
  }
  e = e.rule();
  if (job.duplicate) e = e.align('center').bold(true).line('DUPLICADO').bold(false).align('left');
  return e.cut('partial').encode();
}
