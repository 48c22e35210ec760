/**
 * `/recibo/{id}` (docs/rules.md#the-bill): one simplified invoice (factura simplificada) as `GET /api/receipts/{id}`
 * gives it: the venue's legal data, number, date and time in the venue's zone, the lines or the share it covers,
 * base and tax per rate, tip, total and method; for venues in Spain the AEAT verification QR with
 * «Factura verificable en la sede electrónica de la AEAT» and «VERI*FACTU». Public by its unguessable link, printable
 * on an 80 mm roll or A4 (src/styles/receipt.css), shareable.
 */
import '../../styles/receipt.ts';
import { useCallback, useEffect, useState } from 'react';
import { renderSVG } from 'uqr';
import { BILL_STRINGS, Receipt, type ReceiptLine } from '../../contract/bill.ts';
import { http, problemMessage, problemOf } from '../../lib/http.ts';
import { formatMoney } from '../../lib/money.ts';
import { localeForCurrency } from '../orders/index.ts';
import { receiptIdFrom, receiptPath } from './receipt-id.ts';
import { pageTitle } from '../../contract/page-title.ts';
import { $savedReceipts, saveReceipt } from '../../lib/saved-receipts.ts';

const METHOD_LABELS = { card: 'Tarjeta', cash: 'Efectivo' } as const;

async function fetchReceipt(id: string): Promise<Receipt> {
  return Receipt.parse(await http.get(`receipts/${encodeURIComponent(id)}`, { cache: 'no-store' }).json<unknown>());
}

/** 1000 basis points → «10 %», 550 → «5,5 %». */
export function rateText(rate: number): string {
  return `${new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 }).format(rate / 100)} %`;
}

const DATE_TIME = { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' } as const;

/** The issue time as the venue's clock read it: «24/11/2026, 21:40». */
export function issuedText(iso: string, timeZone: string): string {
  const at = new Date(iso);
  try {
    return new Intl.DateTimeFormat('es-ES', { ...DATE_TIME, timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('es-ES', DATE_TIME).format(at);
  }
}

const lineName = (line: ReceiptLine) =>
  line.share ? BILL_STRINGS.sharedLine(line.name, line.share.index, line.share.of) : line.name;
const qrImage = (url: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(url, { border: 2, ecc: 'M' }))}`;

export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const locale = localeForCurrency(receipt.currency);
  const money = (minor: number) => formatMoney(minor, receipt.currency, locale);
  const spanish = receipt.legal?.country === 'ES';
  const taxName = spanish ? 'IVA' : 'Impuesto';
  const baseTotal = receipt.taxes.reduce((sum, t) => sum + t.base, 0);
  const taxTotal = receipt.taxes.reduce((sum, t) => sum + t.tax, 0);
  return (
    <article
      className="receipt mx-auto w-full max-w-md rounded-box border border-base-300 bg-base-100 p-4 text-sm shadow-sm"
      aria-labelledby="receipt-title"
      data-testid="receipt"
    >
      <header className="text-center">
        <h1 id="receipt-title" className="text-lg font-extrabold">
          {BILL_STRINGS.receiptTitle}
        </h1>
        <p className="mt-1 text-base font-bold" data-testid="receipt-venue">
          {receipt.legal?.name ?? receipt.venueName}
        </p>
        {receipt.legal && (
          <>
            {receipt.legal.name !== receipt.venueName && <p>{receipt.venueName}</p>}
            <p data-testid="receipt-tax-id">NIF {receipt.legal.taxId}</p>
            <p data-testid="receipt-address">{receipt.legal.address}</p>
          </>
        )}
      </header>

      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 border-t border-dashed border-base-content/40 pt-2">
        <dt>Número</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="receipt-number">
          {receipt.number}
        </dd>
        <dt>Fecha</dt>
        <dd className="text-right tabular-nums" data-testid="receipt-date">
          <time dateTime={receipt.issuedAt}>{issuedText(receipt.issuedAt, receipt.timezone)}</time>
        </dd>
        {receipt.table && (
          <>
            <dt>Mesa</dt>
            <dd className="text-right">{receipt.table}</dd>
          </>
        )}
        {receipt.orderNumber && (
          <>
            <dt>Pedido</dt>
            <dd className="text-right tabular-nums">{receipt.orderNumber}</dd>
          </>
        )}
      </dl>

      <table className="mt-3 w-full border-t border-dashed border-base-content/40" data-testid="receipt-lines">
        <caption className="sr-only">Conceptos</caption>
        <thead>
          <tr className="text-left">
            <th scope="col" className="py-1 pr-2 font-semibold">
              Ud.
            </th>
            <th scope="col" className="py-1 pr-2 font-semibold">
              Concepto
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Importe
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => (
            <tr key={index} className="align-top">
              <td className="pr-2 tabular-nums">{line.quantity}</td>
              <td className="pr-2">
                {lineName(line)}
                {line.choices && line.choices.length > 0 && (
                  // A set menu's dishes, under its line without prices (docs/rules.md#set-menus-and-availability).
                  <ul className="text-xs" aria-label={`Platos de ${line.name}`} data-testid="receipt-line-choices">
                    {line.choices.map((name, i) => (
                      <li key={i}>{name}</li>
                    ))}
                  </ul>
                )}
              </td>
              <td className="text-right tabular-nums">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <table className="mt-3 w-full border-t border-dashed border-base-content/40" data-testid="receipt-taxes">
        <caption className="sr-only">Impuestos por tipo</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 text-left font-semibold">
              {taxName}
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Base imponible
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Cuota
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.taxes.map((t) => (
            <tr key={t.rate} data-testid="receipt-tax">
              <td>{rateText(t.rate)}</td>
              <td className="text-right tabular-nums">{money(t.base)}</td>
              <td className="text-right tabular-nums">{money(t.tax)}</td>
            </tr>
          ))}
          {receipt.taxes.length > 1 && (
            <tr className="font-semibold">
              <td>Total</td>
              <td className="text-right tabular-nums">{money(baseTotal)}</td>
              <td className="text-right tabular-nums">{money(taxTotal)}</td>
            </tr>
          )}
        </tbody>
      </table>

      <dl
        className="mt-3 grid grid-cols-[1fr_auto] gap-x-3 border-t border-dashed border-base-content/40 pt-2"
        data-testid="receipt-totals"
      >
        <dt>Importe ({taxName} incluido)</dt>
        <dd className="text-right tabular-nums">{money(receipt.amount)}</dd>
        {receipt.tip > 0 && (
          <>
            <dt>Propina</dt>
            <dd className="text-right tabular-nums" data-testid="receipt-tip">
              {money(receipt.tip)}
            </dd>
          </>
        )}
        <dt className="text-base font-extrabold">Total</dt>
        <dd className="text-right text-base font-extrabold tabular-nums" data-testid="receipt-total">
          {money(receipt.total)}
        </dd>
        <dt>Forma de pago</dt>
        <dd className="text-right" data-testid="receipt-method">
          {METHOD_LABELS[receipt.method]}
        </dd>
      </dl>

      {receipt.verifactu && (
        <section
          className="receipt-qr mt-4 flex flex-col items-center gap-1 border-t border-dashed border-base-content/40 pt-3 text-center"
          aria-label="Verificación en la AEAT"
          data-testid="receipt-verifactu"
        >
          <p className="font-semibold">{receipt.verifactu.text}</p>
          <img
            src={qrImage(receipt.verifactu.qr)}
            alt={`Código QR de verificación en la AEAT de la factura ${receipt.number}`}
            width={160}
            height={160}
            className="h-40 w-40 [image-rendering:pixelated]"
            data-testid="receipt-qr"
          />
          <p className="text-base font-extrabold tracking-wide">{receipt.verifactu.mark}</p>
        </section>
      )}
    </article>
  );
}

export default function ReceiptPage() {
  const [id] = useState(() =>
    typeof location === 'undefined' ? null : receiptIdFrom(location.pathname, location.search),
  );
  const [receipt, setReceipt] = useState<Receipt>();
  const [error, setError] = useState<{ message: string; missing: boolean }>();
  const [shared, setShared] = useState('');

  const fetchIt = useCallback((which: string) => {
    fetchReceipt(which).then(
      (r) => {
        setReceipt(r);
        // A receipt this phone keeps (its own payment) learns its number.
        if ($savedReceipts.get().some((saved) => saved.id === r.id))
          saveReceipt({
            id: r.id,
            venueName: r.venueName,
            total: r.total,
            currency: r.currency,
            at: r.issuedAt,
            number: r.number,
            ...(r.table ? { table: r.table } : {}),
          });
        document.title = pageTitle(`Recibo ${r.number}`);
      },
      (e: unknown) =>
        setError({ message: problemOf(e)?.detail ?? problemMessage(e), missing: problemOf(e)?.status === 404 }),
    );
  }, []);
  const retry = () => {
    setError(undefined);
    if (id) fetchIt(id);
  };

  useEffect(() => {
    if (!id) return;
    // Reached as `/recibo?id=…` (a host's fallback): show the receipt's own address, the one to share.
    if (location.pathname !== receiptPath(id)) history.replaceState(history.state, '', receiptPath(id));
    fetchIt(id);
  }, [id, fetchIt]);

  async function share() {
    if (!receipt) return;
    const url = new URL(receiptPath(receipt.id), location.origin).href;
    const title = `${BILL_STRINGS.receiptTitle} ${receipt.number}`;
    try {
      if (navigator.share) {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setShared('Enlace copiado.');
    } catch {
      setShared(`Copia este enlace: ${url}`);
    }
  }

  if (!id || error?.missing) {
    return (
      <div role="alert" className="mx-auto max-w-md rounded-box border border-base-300 bg-base-100 p-4">
        <h1 className="text-lg font-bold">Recibo no encontrado</h1>
        <p className="mt-1">Ese recibo no existe. Revisa el enlace que te dieron.</p>
      </div>
    );
  }
  if (error) {
    return (
      <div
        role="alert"
        className="mx-auto flex max-w-md flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4"
      >
        <p>{error.message}</p>
        <button type="button" className="btn min-h-11" onClick={retry}>
          Reintentar
        </button>
      </div>
    );
  }
  if (!receipt) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-8">
        <span className="loading loading-spinner" aria-hidden="true" /> Cargando el recibo…
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ReceiptView receipt={receipt} />
      <div className="no-print mx-auto flex w-full max-w-md flex-wrap justify-center gap-2">
        <button
          type="button"
          className="btn min-h-11 border-0 bg-primary-strong text-white hover:bg-[#006a8c]"
          onClick={() => window.print()}
        >
          Imprimir
        </button>
        <button type="button" className="btn btn-outline min-h-11" onClick={() => void share()}>
          Compartir
        </button>
      </div>
      <p role="status" className="no-print text-center text-sm">
        {shared}
      </p>
    </div>
  );
}
