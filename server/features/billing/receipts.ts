/**
 * Receipts (docs/rules.md#the-bill): the simplified invoice of each payment, numbered without gaps per venue, series
 * and year, and, for a venue in Spain whose tax id an admin confirmed, its VERI*FACTU record chained to the
 * issuer's last one. Each confirmed venue has its own series under its issuer (`FS1`, `FS2`…), so one issuer's
 * invoice numbers never repeat and each series has no gap; receipts that join no chain (a venue outside Spain, or
 * a tax id not confirmed yet) are numbered in series `FS`.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../platform/db/database.ts';
import { problem } from '../../platform/problem.ts';
import type { Venue } from '../../../src/contract/venue.ts';
import {
  BILL_MESSAGES,
  BILL_STRINGS,
  type AeatInvoice,
  type PaidWith,
  type Receipt,
  type ReceiptLine,
  type TaxLine,
  type VerifactuIssuer,
  type VerifactuRecord,
} from '../../../src/contract/bill.ts';
import { taxesOf, zonedIso } from './money.ts';
import {
  aeatAmount,
  aeatDate,
  huellaOf,
  TIPO_FACTURA_RECTIFICATIVA_SIMPLIFICADA,
  TIPO_FACTURA_SIMPLIFICADA,
  TIPO_RECTIFICATIVA_DIFERENCIAS,
  toRecord,
  verifactuQr,
} from './verifactu.ts';
import type { BillingContext } from './context.ts';
import * as sql from './queries.ts';
import { rectificationsOf } from './refunds/queries.ts';

/** The series of receipts that join no VERI*FACTU chain: `FS-2026-1`, `FS-2026-2`… (docs/rules.md#the-bill). */
export const RECEIPT_SERIES = 'FS';
/** A confirmed venue's series under its issuer: `FS1`, `FS2`… (never `RECEIPT_SERIES`). */
const issuerSeries = (k: number) => `${RECEIPT_SERIES}${k}`;

export interface ReceiptParts {
  lines: ReceiptLine[];
  amount: number;
  tip: number;
  method: PaidWith;
  table?: string | undefined;
  orderNumber?: string | undefined;
  /** Base and tax per rate when the caller computed them (a rectifying receipt); else from the lines. */
  taxes?: TaxLine[];
  /** A rectifying receipt (R5, docs/rules.md#refunds): the receipt it rectifies and why. */
  rectifies?: { receipt: Receipt; reason: string };
}

/** A rectifying receipt's series: `R` beside `FS`, `R1` beside `FS1` (its own gapless numbering). */
export const rectifyingSeries = (series: string) => `R${series.slice(RECEIPT_SERIES.length)}`;

const newReceiptId = () => randomBytes(16).toString('base64url');
/** The venue's tax id when it may issue VERI*FACTU records (in Spain). */
const spanishTaxId = (venue: Venue) => (venue.legal?.country === 'ES' ? venue.legal.taxId : undefined);

export type Receipts = ReturnType<typeof createReceipts>;

export function createReceipts(ctx: BillingContext) {
  const { db, options, venueOf } = ctx;

  /**
   * Writes the receipt (its number from the venue's counter of its series) and, for a venue whose Spanish tax id
   * an admin confirmed, its VERI*FACTU record chained to the issuer's last one (under the issuer's lock).
   */
  async function issue(
    tx: Queryable,
    venue: Venue,
    paymentId: string,
    at: Date,
    parts: ReceiptParts,
  ): Promise<{ receipt: Receipt; recordSeq?: number }> {
    const issuedAt = zonedIso(at, venue.timezone);
    const day = issuedAt.slice(0, 10);
    const year = Number(day.slice(0, 4));
    const taxId = spanishTaxId(venue);
    const issuer = taxId ? await sql.confirmedIssuer(tx, venue.id, taxId) : undefined;
    const rectified = parts.rectifies?.receipt;
    const invoiceSeries = issuer?.series ?? RECEIPT_SERIES;
    const series = rectified ? rectifyingSeries(invoiceSeries) : invoiceSeries;
    const n = await sql.nextReceiptNumber(tx, venue.id, series, year);
    const number = `${series}-${year}-${n}`;
    const taxes = parts.taxes ?? taxesOf(parts.lines);
    const id = newReceiptId();
    const receipt: Receipt = {
      id,
      number,
      venueId: venue.id,
      venueName: venue.name,
      ...(venue.legal ? { legal: venue.legal } : {}),
      issuedAt,
      timezone: venue.timezone,
      currency: venue.currency,
      ...(parts.table ? { table: parts.table } : {}),
      ...(parts.orderNumber ? { orderNumber: parts.orderNumber } : {}),
      lines: parts.lines,
      taxes,
      amount: parts.amount,
      tip: parts.tip,
      total: parts.amount + parts.tip,
      method: parts.method,
      ...(rectified
        ? {
            type: 'R5' as const,
            rectifies: {
              id: rectified.id,
              number: rectified.number,
              issuedAt: rectified.issuedAt,
              total: rectified.total,
            },
            reason: parts.rectifies!.reason,
          }
        : {}),
    };
    // What a rectifying invoice's record names (by differences: its amounts are the refund's, negative).
    const rectification = rectified
      ? {
          TipoRectificativa: TIPO_RECTIFICATIVA_DIFERENCIAS,
          FacturasRectificadas: [
            {
              IDEmisorFactura: rectified.verifactu?.IDEmisorFactura ?? taxId ?? '',
              NumSerieFactura: rectified.number,
              FechaExpedicionFactura:
                rectified.verifactu?.FechaExpedicionFactura ?? aeatDate(rectified.issuedAt.slice(0, 10)),
            },
          ],
        }
      : undefined;
    let recordSeq: number | undefined;
    if (taxId && issuer) {
      await tx.lock('verifactu', taxId);
      const previous = await sql.lastRecordOf(tx, taxId);
      const fields: Omit<VerifactuRecord, 'Huella' | 'qr'> = {
        IDEmisorFactura: taxId,
        NumSerieFactura: number,
        FechaExpedicionFactura: aeatDate(day),
        TipoFactura: rectified ? TIPO_FACTURA_RECTIFICATIVA_SIMPLIFICADA : TIPO_FACTURA_SIMPLIFICADA,
        CuotaTotal: aeatAmount(taxes.reduce((sum, t) => sum + t.tax, 0)),
        // The invoice is the sale; a voluntary tip is not part of it.
        ImporteTotal: aeatAmount(parts.amount),
        HuellaAnterior: previous?.huella ?? '',
        FechaHoraHusoGenRegistro: issuedAt,
      };
      const record: VerifactuRecord = {
        ...fields,
        Huella: huellaOf(fields),
        qr: verifactuQr(options.verifactuEnvironment, fields),
        ...rectification,
      };
      recordSeq = await sql.insertRecord(tx, {
        issuer: taxId,
        venue_id: venue.id,
        receipt_id: id,
        num_serie: number,
        fecha: record.FechaExpedicionFactura,
        tipo: record.TipoFactura,
        cuota: record.CuotaTotal,
        importe: record.ImporteTotal,
        huella: record.Huella,
        huella_anterior: record.HuellaAnterior,
        generated_at: issuedAt,
        qr: record.qr,
        tipo_rectificativa: rectification?.TipoRectificativa ?? null,
        rectified: rectification ? JSON.stringify(rectification.FacturasRectificadas) : null,
      });
      await sql.enqueueRecord(tx, recordSeq, at.getTime());
      const { HuellaAnterior: _previous, FechaHoraHusoGenRegistro: _generated, qr, ...invoice } = record;
      receipt.verifactu = {
        ...(invoice satisfies AeatInvoice),
        qr,
        text: BILL_STRINGS.verifiable,
        mark: BILL_STRINGS.verifactu,
      };
    }
    await sql.insertReceipt(tx, {
      id,
      venueId: venue.id,
      series,
      year,
      n,
      number,
      day,
      paymentId,
      doc: JSON.stringify(receipt),
      createdAt: at.getTime(),
    });
    // The print agent prints simplified invoices; a rectifying one is opened and printed from its page.
    if (!rectified) await options.printReceipt?.(tx, venue.id, receipt.id);
    return { receipt, ...(recordSeq !== undefined ? { recordSeq } : {}) };
  }

  /** The venue's issuer as `q` sees it. */
  async function issuerOf(q: Queryable, venue: Venue): Promise<VerifactuIssuer> {
    const taxId = spanishTaxId(venue);
    const row = taxId ? await sql.confirmedIssuer(q, venue.id, taxId) : undefined;
    return {
      venueId: venue.id,
      ...(taxId ? { taxId } : {}),
      confirmed: Boolean(row),
      series: row?.series ?? RECEIPT_SERIES,
      ...(row ? { confirmedAt: new Date(Number(row.confirmed_at)).toISOString() } : {}),
    };
  }

  return {
    issue,

    /** A receipt as its page shows it: an original with its rectifications (docs/rules.md#refunds). */
    receipt: async (id: string): Promise<Receipt | undefined> => {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return undefined;
      const row = await sql.receiptDoc(db, id);
      if (!row) return undefined;
      const receipt = JSON.parse(row.doc) as Receipt;
      if (receipt.type) return receipt;
      const rectifications = (await rectificationsOf(db, id)).map((r) => {
        const doc = JSON.parse(r.doc) as Receipt;
        return { id: doc.id, number: doc.number, issuedAt: doc.issuedAt, total: doc.total };
      });
      return rectifications.length ? { ...receipt, rectifications } : receipt;
    },

    records: async (venueId: string): Promise<VerifactuRecord[]> => {
      return (await sql.recordsOfVenue(db, venueId)).map(toRecord);
    },

    issuer: (venueId: string) => issuerOf(db, venueOf(venueId)),

    /**
     * An admin confirms the venue's tax id (it must be the venue's, in Spain): from now on its receipts join that
     * issuer's chain, in a series of the venue's own — one no other venue of the issuer has and this venue has
     * not numbered receipts in, so the series starts at 1 and has no gap. Confirming again changes nothing.
     */
    confirmIssuer: async (venueId: string, taxId: string, by: string): Promise<VerifactuIssuer> => {
      const venue = venueOf(venueId);
      const own = spanishTaxId(venue);
      if (!own) throw problem('invalidTransition', 409, BILL_MESSAGES.issuerNotSpanish);
      if (own !== taxId.trim().toUpperCase())
        throw problem('invalidTransition', 409, BILL_MESSAGES.issuerMismatch(own));
      return db.transaction(async (tx) => {
        // The issuer's lock: two venues confirmed at once do not take the same series.
        await tx.lock('verifactu', own);
        if (!(await sql.confirmedIssuer(tx, venue.id, own))) {
          const [taken, numbered] = await Promise.all([sql.seriesOfIssuer(tx, own), sql.seriesOfVenue(tx, venue.id)]);
          const used = new Set([...taken, ...numbered]);
          let k = 1;
          while (used.has(issuerSeries(k))) k++;
          await sql.insertIssuer(tx, {
            venueId: venue.id,
            taxId: own,
            series: issuerSeries(k),
            confirmedBy: by,
            confirmedAt: Date.now(),
          });
        }
        return issuerOf(tx, venue);
      });
    },
  };
}
