/**
 * VERI*FACTU (docs/rules.md#the-bill): the registration record of each simplified invoice (TipoFactura `F2`) of a
 * venue in Spain, its SHA-256 fingerprint (`Huella`) chained to the previous record of the same issuer, the AEAT
 * verification QR URL, and the outbox that sends records to `UMENU_VERIFACTU_URL`.
 *
 * Sources (the AEAT's documents, as open-source implementations quote and test them):
 * - «Veri*Factu — Especificaciones técnicas para la generación de la huella o hash de los registros de facturación»
 *   (AEAT, v0.1.2): the fingerprint of a registration record (RegistroAlta) is the SHA-256, in upper-case
 *   hexadecimal, of the UTF-8 text
 *   `IDEmisorFactura={nif}&NumSerieFactura={num}&FechaExpedicionFactura={dd-mm-yyyy}&TipoFactura={tipo}&CuotaTotal={cuota}&ImporteTotal={importe}&Huella={huella anterior}&FechaHoraHusoGenRegistro={yyyy-mm-ddThh:mm:ss+hh:mm}`
 *   — the fields in this order, each as `campo=valor` joined by `&`, values as they are sent (not URL-encoded),
 *   `Huella=` empty for the first record of a chain. Its example 6.1 (`89890001K`, `12345678/G33`, `01-01-2024`,
 *   `F1`, `12.35`, `123.45`, no previous, `2024-01-01T19:20:30+01:00`) gives
 *   `3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60`; tests/server/bill.test.ts checks it.
 * - «Características del QR y especificaciones del servicio de cotejo» (AEAT): the QR holds
 *   `{base}?nif={nif}&numserie={num}&fecha={dd-mm-yyyy}&importe={importe}`, values URL-encoded, with base
 *   `https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR` (test environment) or
 *   `https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR` (production).
 * Amounts are written with a point and two decimals (`12.35`, `10.00`), in euros, the same in the fingerprint,
 * the record and the QR.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db/database.ts';
import { minorToDecimalString } from '../../../src/contract/money-format.ts';
import { VerifactuRecord } from '../../../src/contract/bill.ts';
import * as sql from './queries.ts';

export const VERIFACTU_QR_BASE = {
  test: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
  production: 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR',
} as const;
export type VerifactuEnvironment = keyof typeof VERIFACTU_QR_BASE;

/** A simplified invoice («factura simplificada»). */
export const TIPO_FACTURA_SIMPLIFICADA = 'F2';
/** A rectifying invoice of a simplified invoice («factura rectificativa en facturas simplificadas»). */
export const TIPO_FACTURA_RECTIFICATIVA_SIMPLIFICADA = 'R5';
/** A rectification by differences: the rectifying invoice's amounts are what changes (negative for a refund). */
export const TIPO_RECTIFICATIVA_DIFERENCIAS = 'I';

/**
 * The fields of a registration record that enter its fingerprint, as they are written: the record's own
 * (src/contract/bill.ts, `VerifactuRecord`, where the AEAT's names are written) but its fingerprint and QR.
 */
export type HuellaFields = Omit<VerifactuRecord, 'Huella' | 'qr' | 'TipoRectificativa' | 'FacturasRectificadas'>;

/** Fields of a record that are not in its fingerprint's text: its own fingerprint, the QR, a rectification's data. */
const NOT_HASHED = new Set(['Huella', 'qr', 'TipoRectificativa', 'FacturasRectificadas']);

/**
 * The fields in the hashed text, in the AEAT's order: the contract's record lists them in that order; the
 * previous record's fingerprint (`HuellaAnterior`) is written `Huella=`.
 */
const HUELLA_ORDER = Object.keys(VerifactuRecord.shape).filter((field) => !NOT_HASHED.has(field)) as Array<
  keyof HuellaFields
>;

/** The text that is hashed: `campo=valor` in the AEAT's order, joined by `&`. */
export function huellaInput(f: HuellaFields): string {
  return HUELLA_ORDER.map((field) => `${field === 'HuellaAnterior' ? 'Huella' : field}=${f[field]}`).join('&');
}

/** SHA-256 of `huellaInput`, upper-case hexadecimal (64 characters). */
export const huellaOf = (f: HuellaFields): string =>
  createHash('sha256').update(huellaInput(f), 'utf8').digest('hex').toUpperCase();

/** Minor units (cents) as the AEAT writes amounts: `1235` → `12.35`. */
export const aeatAmount = (minor: number): string => minorToDecimalString(minor, 2);

/** `2026-11-24` → `24-11-2026`. */
export const aeatDate = (isoDate: string): string => isoDate.split('-').reverse().join('-');

/** The verification URL the receipt's QR code holds. */
export function verifactuQr(
  environment: VerifactuEnvironment,
  f: Pick<HuellaFields, 'IDEmisorFactura' | 'NumSerieFactura' | 'FechaExpedicionFactura' | 'ImporteTotal'>,
): string {
  const query = [
    ['nif', f.IDEmisorFactura],
    ['numserie', f.NumSerieFactura],
    ['fecha', f.FechaExpedicionFactura],
    ['importe', f.ImporteTotal],
  ]
    .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
    .join('&');
  return `${VERIFACTU_QR_BASE[environment]}?${query}`;
}

/** A stored record with the AEAT's field names (the columns are named after them, in short). */
export const toRecord = (r: sql.RecordRow): VerifactuRecord => ({
  IDEmisorFactura: r.issuer,
  NumSerieFactura: r.num_serie,
  FechaExpedicionFactura: r.fecha,
  TipoFactura: r.tipo,
  CuotaTotal: r.cuota,
  ImporteTotal: r.importe,
  Huella: r.huella,
  HuellaAnterior: r.huella_anterior,
  FechaHoraHusoGenRegistro: r.generated_at,
  qr: r.qr,
  ...(r.tipo_rectificativa ? { TipoRectificativa: r.tipo_rectificativa } : {}),
  ...(r.rectified ? { FacturasRectificadas: JSON.parse(r.rectified) as VerifactuRecord['FacturasRectificadas'] } : {}),
});

export interface OutboxOptions {
  /** `UMENU_VERIFACTU_URL`: records are POSTed here as JSON (one record per request). Unset: nothing is sent. */
  url?: string | undefined;
  /** How often due records are looked for (ms). */
  pollMs: number;
  /** First retry after this long; doubles per attempt up to `retryMaxMs`. */
  retryMs: number;
  retryMaxMs: number;
  now?: () => number;
}

export interface Outbox {
  /** A record was committed: look now rather than at the next poll. */
  kick(): void;
  /** One pass (tests): resolves to how many records were sent. */
  runOnce(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Sends the records waiting in `verifactu_outbox`, oldest first, with retries and exponential backoff. Each record
 * is leased before it is sent (one instance sends it; a lease that ends without an answer makes it due again);
 * when one record of an issuer fails, that issuer's later records wait for the next pass (the AEAT receives a
 * chain in order). A 2xx answer marks it sent; anything else is retried.
 */
export function createOutbox(db: Db, options: OutboxOptions): Outbox {
  const now = options.now ?? Date.now;
  let running: Promise<number> | undefined;
  let again = false;
  let closed = false;
  const LEASE_MS = 60_000;

  async function pass(): Promise<number> {
    if (!options.url) return 0;
    let sent = 0;
    const blocked = new Set<string>();
    for (const row of await sql.unsentRecords(db, 200)) {
      if (closed) break;
      if (blocked.has(row.issuer)) continue;
      // An earlier record of the issuer waits for its retry (or another instance is sending it): the later ones wait too.
      if (row.next_at > now()) {
        blocked.add(row.issuer);
        continue;
      }
      if (!(await sql.leaseRecord(db, row.seq, row.next_at, now() + LEASE_MS))) continue;
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(toRecord(row)),
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        await sql.markSent(db, row.seq, now());
        sent++;
      } catch (error) {
        blocked.add(row.issuer);
        const wait = Math.min(options.retryMaxMs, options.retryMs * 2 ** row.attempts);
        await sql.markFailed(db, row.seq, now() + wait, error instanceof Error ? error.message : String(error));
      }
    }
    return sent;
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = undefined;
      if (again && !closed) {
        again = false;
        void runOnce().catch(() => {});
      }
    });
    return running;
  }

  const timer = options.url
    ? setInterval(
        () => void runOnce().catch((error: unknown) => console.error('[umenu] verifactu outbox', error)),
        options.pollMs,
      )
    : undefined;
  timer?.unref();
  return {
    kick() {
      if (options.url && !closed)
        void runOnce().catch((error: unknown) => console.error('[umenu] verifactu outbox', error));
    },
    runOnce,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
