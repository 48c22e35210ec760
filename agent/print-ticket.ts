/**
 * A kitchen ticket, or a payment's receipt (docs/rules.md#the-bill), as ESC/POS bytes (server/README.md, "Printing"), built with
 * `@point-of-sale/receipt-printer-encoder` (no hand-written escape codes): venue, station, the
 * order's number in large type, table or customer, time in the venue's time zone, the lines
 * (quantity, name, options, notes, who), the course, and DUPLICADO in large type on a reprint.
 * Text is encoded in code page 858 (Western European with €), which every ESC/POS printer knows.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { COURSE_LABELS } from '../src/contract/kitchen.ts';
import { COLUMNS_OF_WIDTH, type PrintJob } from '../src/contract/printing.ts';
import { BILL_STRINGS, type Receipt } from '../src/contract/bill.ts';
import { formatMoney } from '../src/contract/money-format.ts';
import { VOIDED_MARK, type PreBill } from '../src/contract/corrections.ts';

const MODE_LABELS: Record<string, string> = { pickup: 'Para recoger', delivery: 'A domicilio', table: 'En mesa' };

export function ticketTime(iso: string, timezone: string): string {
  return new Intl.DateTimeFormat('es-ES', {
    timeZone: timezone,
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

/** What a job prints: its receipt, its pre-bill, else its ticket (an «ANULADO» one for voided lines). */
export function renderJob(job: PrintJob, venue: { name: string; timezone: string }): Uint8Array {
  if (job.receipt) return renderReceipt(job, job.receipt);
  if (job.prebill) return renderPreBill(job, job.prebill);
  return renderTicket(job, venue);
}

/**
 * A table's pre-bill («Imprimir cuenta», docs/rules.md#the-floor): the lines, invitations and discounts, what was
 * paid and what is left, with «Esto no es una factura» on top and at the bottom.
 */
export function renderPreBill(job: PrintJob, bill: PreBill): Uint8Array {
  const width = job.printer.width === 58 ? 58 : 80;
  const columns = COLUMNS_OF_WIDTH[width];
  const money = (minor: number) => formatMoney(minor, bill.currency, 'es-ES').replace(/\u00a0/g, ' ');
  let e = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, feedBeforeCut: 4 })
    .initialize()
    .codepage('cp858')
    .align('center')
    .bold(true)
    .line(bill.notice.toUpperCase())
    .bold(false)
    .line(bill.venueName)
    .size(2, 1)
    .line(`Mesa ${bill.table}`)
    .size(1, 1)
    .line(ticketTime(bill.printedAt, bill.timezone))
    .align('left')
    .rule();
  for (const line of bill.lines) e = e.line(twoSides(`${line.quantity} x ${line.name}`, money(line.amount), columns));
  for (const a of bill.adjustments) e = e.line(twoSides(a.name, `-${money(a.amount)}`, columns));
  e = e.rule();
  if (bill.paid > 0)
    e = e.line(twoSides('Total', money(bill.total), columns)).line(twoSides('Pagado', `-${money(bill.paid)}`, columns));
  e = e
    .bold(true)
    .size(1, 2)
    .line(twoSides('A PAGAR', money(bill.balance), columns))
    .size(1, 1)
    .bold(false)
    .rule()
    .align('center')
    .bold(true)
    .line(bill.notice.toUpperCase())
    .bold(false)
    .align('left');
  return e.cut('partial').encode();
}

/** «Tacos al pastor ........ 138,00 €» in `columns`. */
function twoSides(left: string, right: string, columns: number): string {
  const room = Math.max(1, columns - right.length - 1);
  const cut = left.length > room ? `${left.slice(0, room - 1)}.` : left;
  return `${cut}${' '.repeat(columns - cut.length - right.length)}${right}`;
}

/**
 * A receipt (factura simplificada) on the roll: legal data, number, date, lines, base and tax per rate, tip, total,
 * method and, in Spain, the AEAT verification QR with «Factura verificable en la sede electrónica de la AEAT» and
 * «VERI*FACTU». Amounts are written as in Spain («148,00 €», «148,00 MXN»), in code page 858 (which has €).
 */
export function renderReceipt(job: PrintJob, receipt: Receipt): Uint8Array {
  const width = job.printer.width === 58 ? 58 : 80;
  const columns = COLUMNS_OF_WIDTH[width];
  const money = (minor: number) => formatMoney(minor, receipt.currency, 'es-ES').replace(/\u00a0/g, ' ');
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, feedBeforeCut: 4 });
  let e = encoder
    .initialize()
    .codepage('cp858')
    .align('center')
    .bold(true)
    .line(BILL_STRINGS.receiptTitle)
    .bold(false)
    .bold(true)
    .line(receipt.legal?.name ?? receipt.venueName)
    .bold(false);
  if (receipt.legal) e = e.line(`NIF ${receipt.legal.taxId}`).line(receipt.legal.address);
  e = e
    .align('left')
    .rule()
    .line(twoSides('Número', receipt.number, columns))
    .line(twoSides('Fecha', ticketTime(receipt.issuedAt, receipt.timezone), columns));
  if (receipt.table) e = e.line(twoSides('Mesa', receipt.table, columns));
  if (receipt.orderNumber) e = e.line(twoSides('Pedido', receipt.orderNumber, columns));
  e = e.rule();
  for (const line of receipt.lines) {
    const name = line.share ? BILL_STRINGS.sharedLine(line.name, line.share.index, line.share.of) : line.name;
    e = e.line(twoSides(`${line.quantity} x ${name}`, money(line.amount), columns));
  }
  e = e.rule();
  for (const tax of receipt.taxes)
    e = e.line(twoSides(`IVA ${tax.rate / 100} %  base ${money(tax.base)}`, money(tax.tax), columns));
  if (receipt.tip > 0) e = e.line(twoSides('Propina', money(receipt.tip), columns));
  e = e
    .bold(true)
    .size(1, 2)
    .line(twoSides('TOTAL', money(receipt.total), columns))
    .size(1, 1)
    .bold(false)
    .line(twoSides('Forma de pago', receipt.method === 'card' ? 'Tarjeta' : 'Efectivo', columns));
  if (receipt.verifactu) {
    e = e
      .rule()
      .align('center')
      .line(receipt.verifactu.text)
      .qrcode(receipt.verifactu.qr, { model: 2, size: 5, errorlevel: 'm' })
      .bold(true)
      .line(receipt.verifactu.mark)
      .bold(false)
      .align('left');
  }
  return e.cut('partial').encode();
}

export function renderTicket(job: PrintJob, venue: { name: string; timezone: string }): Uint8Array {
  const width = job.printer.width === 58 ? 58 : 80;
  const columns = COLUMNS_OF_WIDTH[width];
  const ticket = job.ticket!;
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, feedBeforeCut: 4 });
  let e = encoder.initialize().codepage('cp858');
  if (job.voided)
    e = e.align('center').invert(true).size(2, 2).line(` ${VOIDED_MARK} `).size(1, 1).invert(false).newline();
  if (job.duplicate)
    e = e.align('center').invert(true).size(2, 2).line(' DUPLICADO ').size(1, 1).invert(false).newline();
  e = e
    .align('center')
    .bold(true)
    .line(venue.name)
    .bold(false)
    .line(job.stationName.toUpperCase())
    .size(2, 2)
    .bold(true)
    .line(ticket.orderNumber)
    .bold(false)
    .size(1, 1);
  if (ticket.table) e = e.size(2, 1).line(`Mesa ${ticket.table}`).size(1, 1);
  e = e
    .line(ticket.table ? ticket.customer : `${MODE_LABELS[ticket.mode] ?? ''}: ${ticket.customer}`)
    .line(ticketTime(ticket.firedAt ?? ticket.createdAt, venue.timezone));
  if (ticket.course) e = e.bold(true).line(COURSE_LABELS[ticket.course].toUpperCase()).bold(false);
  e = e.align('left').rule();
  for (const line of ticket.lines) {
    e = e
      .bold(true)
      .size(1, 2)
      .line(`${job.voided ? `${VOIDED_MARK} ` : ''}${line.quantity} x ${line.name}`)
      .size(1, 1)
      .bold(false);
    for (const option of line.options) e = e.line(`   + ${option}`);
    if (line.note) e = e.italic(true).line(`   Nota: ${line.note}`).italic(false);
    if (line.by) e = e.line(`   (${line.by})`);
  }
  e = e.rule();
  if (job.duplicate) e = e.align('center').bold(true).line('DUPLICADO').bold(false).align('left');
  if (job.voided) e = e.align('center').bold(true).line(VOIDED_MARK).bold(false).align('left');
  return e.cut('partial').encode();
}
