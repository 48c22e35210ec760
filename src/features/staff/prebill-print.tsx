/**
 * A table's pre-bill printed from the browser on an 80 mm roll, for venues without a printer at the cash desk
 * (docs/rules.md#the-floor): rendered into `#print-ticket` as the kitchen's browser tickets are (the print rules are
 * in src/styles/manage.css), «Esto no es una factura» on top and at the bottom.
 */
import '../../styles/manage.ts';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { PreBill } from '../../contract/corrections.ts';
import { formatMoney } from '../../lib/money.ts';

function PrintedPreBill({ bill }: { bill: PreBill }) {
  const money = (minor: number) => formatMoney(minor, bill.currency, bill.locale);
  const time = new Intl.DateTimeFormat(bill.locale, {
    timeZone: bill.timezone,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(bill.printedAt));
  return (
    <article aria-label={`Cuenta para imprimir, mesa ${bill.table}`}>
      <p className="pt-who">{bill.notice}</p>
      <p className="pt-small">
        {bill.venueName} · {time}
      </p>
      <p className="pt-number">Mesa {bill.table}</p>
      <ul className="pt-lines">
        {bill.lines.map((line, i) => (
          <li key={i}>
            <p>
              <b>{line.quantity} ×</b> {line.name} · {money(line.amount)}
            </p>
          </li>
        ))}
        {bill.adjustments.map((a, i) => (
          <li key={`a${i}`}>
            <p>
              {a.name} · −{money(a.amount)}
            </p>
          </li>
        ))}
      </ul>
      {bill.paid > 0 && <p className="pt-small">Pagado: {money(bill.paid)}</p>}
      <p className="pt-who">A pagar: {money(bill.balance)}</p>
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
export function printPreBill(bill: PreBill): void {
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
