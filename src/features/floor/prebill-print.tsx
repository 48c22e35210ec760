/**
 * «Imprimir cuenta» from the browser, when no printer of the venue is mapped to the station `caja`
 * (docs/rules.md#the-floor): the pre-bill is rendered into `#print-ticket` and `window.print()` prints
 * only it on an 80 mm roll (the print rules are in src/styles/manage.css), marked «Esto no es una factura».
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { CORRECTION_STRINGS, type PreBill } from '../../contract/corrections.ts';
import { formatVenueTime } from '../../contract/time-format.ts';
import { formatMoney } from '../../lib/money.ts';
import '../../styles/manage.ts';

function PrintedPreBill({ bill }: { bill: PreBill }) {
  const money = (minor: number) => formatMoney(minor, bill.currency, bill.locale);
  return (
    <article aria-label={`${CORRECTION_STRINGS.preBillTitle}, Mesa ${bill.table}`}>
      <p className="pt-who">{bill.notice}</p>
      <p className="pt-small">{bill.venueName}</p>
      <p className="pt-who">
        {CORRECTION_STRINGS.preBillTitle} · Mesa {bill.table}
      </p>
      <p className="pt-small">{formatVenueTime(bill.printedAt, bill.locale, bill.timezone)}</p>
      <ul className="pt-lines">
        {bill.lines.map((line, i) => (
          <li key={`l${i}`}>
            {line.quantity} × {line.name} · {money(line.amount)}
          </li>
        ))}
        {bill.adjustments.map((line, i) => (
          <li key={`a${i}`}>
            {line.name} · −{money(line.amount)}
          </li>
        ))}
      </ul>
      <p className="pt-who">Total {money(bill.total)}</p>
      {bill.paid > 0 && (
        <p>
          Pagado {money(bill.paid)} · Queda {money(bill.balance)}
        </p>
      )}
      <p className="pt-who">{bill.notice}</p>
    </article>
  );
}

let current: { root: Root; host: HTMLElement } | undefined;

function clear(): void {
  if (!current) return;
  current.root.unmount();
  current.host.remove();
  current = undefined;
  document.documentElement.classList.remove('printing-ticket');
}

/** Prints just this pre-bill (the browser's print dialog); the page is back as it was afterwards. */
export function printPreBillHere(bill: PreBill): void {
  clear();
  const host = document.createElement('div');
  host.id = 'print-ticket';
  host.dataset.testid = 'print-prebill';
  document.body.append(host);
  const root = createRoot(host);
  flushSync(() => root.render(<PrintedPreBill bill={bill} />));
  current = { root, host };
  document.documentElement.classList.add('printing-ticket');
  addEventListener('afterprint', clear, { once: true });
  window.print();
}
