/**
 * One simplified invoice (factura simplificada, docs/rules.md#the-bill) in the page's language
 * (docs/architecture.md#languages): the venue's legal data, number, date and time in the venue's zone, the lines or
 * the share it covers (each named from the menu in the page's language when it names its dish, `productId`), base
 * and tax per rate, tip, total and method; for venues in Spain the AEAT verification QR with «Factura verificable en
 * la sede electrónica de la AEAT» and «VERI*FACTU». On a receipt of a venue in Spain, what the law asks for in
 * Spanish stays in Spanish, with the page's translation beside it (`LEGAL_ES`). A rectifying receipt
 * (docs/rules.md#refunds) is titled «Factura rectificativa» and names what it rectifies and why; an original links
 * its rectifications.
 */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { renderSVG } from 'uqr';
import { BILL_STRINGS, type Receipt, type ReceiptLine } from '../../contract/bill.ts';
import { REFUND_STRINGS } from '../../contract/refund.ts';
import type { UiLanguage } from '../../contract/languages.ts';
import { formatMoney } from '../../lib/money.ts';
import { receiptPath } from '../../lib/saved-receipts.ts';
import { LEGAL_ES, receiptMessages } from './messages.ts';

/** 1000 basis points → «10 %» (Spanish), «10%» (`en-ES`); 550 → «5,5 %». */
function rateText(rate: number, locale = 'es-ES'): string {
  if (locale.startsWith('es'))
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(rate / 100)} %`;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rate / 10_000);
}

const DATE_TIME = { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' } as const;

/** The issue time as the venue's clock read it, written the page's way: «24/11/2026, 21:40». */
function issuedText(iso: string, timeZone: string, locale = 'es-ES'): string {
  const at = new Date(iso);
  try {
    return new Intl.DateTimeFormat(locale, { ...DATE_TIME, timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat(locale, DATE_TIME).format(at);
  }
}

const qrImage = (url: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(url, { border: 2, ecc: 'M' }))}`;

export interface ReceiptViewProps {
  receipt: Receipt;
  /** The dishes' names in the page's language, by dish id (src/features/orders/paths.ts `dishNames`). */
  names: ReadonlyMap<string, string>;
  /** How money, rates and dates are written: the page's language with the venue's region. */
  locale: string;
  /** The page's interface language. */
  lang: UiLanguage;
}

export function ReceiptView({ receipt, names, locale, lang }: ReceiptViewProps) {
  const words = useStore(receiptMessages);
  const money = (minor: number) => formatMoney(minor, receipt.currency, locale);
  const spanish = receipt.legal?.country === 'ES';
  const bilingual = spanish && lang !== 'es';
  /** A legal word: Spanish on a receipt of a venue in Spain, with the page's translation beside it. */
  const legal = (es: string, text: string, small = false): ReactNode =>
    !spanish ? (
      text
    ) : bilingual && es !== text ? (
      <>
        <span lang="es">{es}</span>
        <span className={small ? 'block text-xs font-normal' : 'block text-sm font-semibold'} data-testid="translation">
          {text}
        </span>
      </>
    ) : (
      es
    );
  const taxName = spanish ? legal(LEGAL_ES.vat, words.vat, true) : words.tax;
  const lineName = (line: ReceiptLine) => {
    let name = (line.productId ? names.get(line.productId) : undefined) ?? line.name;
    // Lines that are no dish: written by the server in Spanish, named here in the page's language.
    if (!line.productId && name === BILL_STRINGS.deliveryFee) name = words.deliveryFee;
    if (!line.productId && receipt.table && name === BILL_STRINGS.shareOfBill(receipt.table))
      name = words.shareOfBill({ table: receipt.table });
    if (!line.productId && receipt.rectifies && name === REFUND_STRINGS.line(receipt.rectifies.number))
      name = words.refundLine({ number: receipt.rectifies.number });
    return line.share ? BILL_STRINGS.sharedLine(name, line.share.index, line.share.of) : name;
  };
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
          {receipt.type === 'R5'
            ? legal(LEGAL_ES.rectifyingTitle, words.rectifyingTitle)
            : legal(LEGAL_ES.title, words.title)}
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
        <dt>{words.number}</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="receipt-number">
          {receipt.number}
        </dd>
        <dt>{words.date}</dt>
        <dd className="text-right tabular-nums" data-testid="receipt-date">
          <time dateTime={receipt.issuedAt}>{issuedText(receipt.issuedAt, receipt.timezone, locale)}</time>
        </dd>
        {receipt.table && (
          <>
            <dt>{words.table}</dt>
            <dd className="text-right">{receipt.table}</dd>
          </>
        )}
        {receipt.orderNumber && (
          <>
            <dt>{words.order}</dt>
            <dd className="text-right tabular-nums">{receipt.orderNumber}</dd>
          </>
        )}
        {receipt.rectifies && (
          <>
            <dt>{legal(LEGAL_ES.rectifies, words.rectifies, true)}</dt>
            <dd className="text-right" data-testid="receipt-rectifies">
              <a className="link" href={receiptPath(receipt.rectifies.id, lang)}>
                {words.rectifiedOn({
                  number: receipt.rectifies.number,
                  date: issuedText(receipt.rectifies.issuedAt, receipt.timezone, locale),
                })}
              </a>
            </dd>
          </>
        )}
        {receipt.reason && (
          <>
            <dt>{words.reason}</dt>
            <dd className="text-right" data-testid="receipt-reason">
              {receipt.reason}
            </dd>
          </>
        )}
      </dl>

      <table className="mt-3 w-full border-t border-dashed border-base-content/40" data-testid="receipt-lines">
        <caption className="sr-only">{words.lines}</caption>
        <thead>
          <tr className="text-left">
            <th scope="col" className="py-1 pr-2 font-semibold">
              {words.quantity}
            </th>
            <th scope="col" className="py-1 pr-2 font-semibold">
              {words.item}
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              {words.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => (
            <tr key={index} className="align-top" data-testid="receipt-line">
              <td className="pr-2 tabular-nums">{line.quantity}</td>
              <td className="pr-2">
                {lineName(line)}
                {line.choices && line.choices.length > 0 && (
                  // A set menu's dishes, under its line without prices (docs/rules.md#set-menus-and-availability).
                  <ul
                    className="text-xs"
                    aria-label={words.choicesOf({ name: lineName(line) })}
                    data-testid="receipt-line-choices"
                  >
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
        <caption className="sr-only">{words.taxesCaption}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 text-left font-semibold">
              {taxName}
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              {words.base}
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              {words.taxAmount}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.taxes.map((t) => (
            <tr key={t.rate} data-testid="receipt-tax">
              <td>{rateText(t.rate, locale)}</td>
              <td className="text-right tabular-nums">{money(t.base)}</td>
              <td className="text-right tabular-nums">{money(t.tax)}</td>
            </tr>
          ))}
          {receipt.taxes.length > 1 && (
            <tr className="font-semibold">
              <td>{words.total}</td>
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
        <dt>
          {spanish
            ? legal(LEGAL_ES.amountWithTax, words.amountWithTax({ tax: words.vat }), true)
            : words.amountWithTax({ tax: words.tax })}
        </dt>
        <dd className="text-right tabular-nums">{money(receipt.amount)}</dd>
        {receipt.tip !== 0 && (
          <>
            <dt>{words.tip}</dt>
            <dd className="text-right tabular-nums" data-testid="receipt-tip">
              {money(receipt.tip)}
            </dd>
          </>
        )}
        <dt className="text-base font-extrabold">{words.total}</dt>
        <dd className="text-right text-base font-extrabold tabular-nums" data-testid="receipt-total">
          {money(receipt.total)}
        </dd>
        <dt>{words.method}</dt>
        <dd className="text-right" data-testid="receipt-method">
          {words[receipt.method]}
        </dd>
      </dl>

      {receipt.rectifications && receipt.rectifications.length > 0 && (
        <section
          className="mt-3 border-t border-dashed border-base-content/40 pt-2"
          aria-labelledby="receipt-rectified-by"
          data-testid="receipt-rectifications"
        >
          <h2 id="receipt-rectified-by" className="font-semibold">
            {words.rectifiedBy}
          </h2>
          <ul>
            {receipt.rectifications.map((r) => (
              <li key={r.id} className="flex justify-between gap-3">
                <a className="link" href={receiptPath(r.id, lang)}>
                  {words.rectifiedOn({ number: r.number, date: issuedText(r.issuedAt, receipt.timezone, locale) })}
                </a>
                <span className="tabular-nums">{money(r.total)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {receipt.verifactu && (
        <section
          className="receipt-qr mt-4 flex flex-col items-center gap-1 border-t border-dashed border-base-content/40 pt-3 text-center"
          aria-label={words.verification}
          data-testid="receipt-verifactu"
        >
          <p className="font-semibold">{legal(receipt.verifactu.text, words.verifiable, true)}</p>
          <img
            src={qrImage(receipt.verifactu.qr)}
            alt={words.qrAlt({ number: receipt.number })}
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
