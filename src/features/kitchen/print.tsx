/**
 * Printing one ticket from the browser, for venues without a thermal printer
 * (docs/rules.md#the-kitchen): the ticket is rendered into `#print-ticket` at the end of the body,
 * the page is marked `printing-ticket`, and `window.print()` prints only it, sized for an 80 mm
 * roll (the print rules are in src/styles/manage.css, loaded with the kitchen and manager screens).
 */
import '../../styles/manage.ts';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

export interface PrintableLine {
  quantity: number;
  name: string;
  options: readonly string[];
  note?: string | undefined;
  by?: string | undefined;
}
export interface Printable {
  venueName: string;
  /** The station (kitchen display) or «Pedido» (the board: the whole order). */
  title: string;
  orderNumber: string;
  /** «Mesa 4» or the customer's name, and how it is served. */
  who: string;
  course?: string | undefined;
  time: string;
  lines: readonly PrintableLine[];
}

export const PRINT_HOST_ID = 'print-ticket';

function PrintedTicket({ ticket }: { ticket: Printable }) {
  return (
    <article aria-label={`Comanda para imprimir, pedido ${ticket.orderNumber}`}>
      <p className="pt-small">
        {ticket.venueName} · {ticket.title}
      </p>
      <p className="pt-number">{ticket.orderNumber}</p>
      <p className="pt-who">{ticket.who}</p>
      <p className="pt-small">
        {ticket.time}
        {ticket.course ? ` · ${ticket.course}` : ''}
      </p>
      <ul className="pt-lines">
        {ticket.lines.map((line, i) => (
          <li key={i}>
            <p>
              <b>{line.quantity} ×</b> {line.name}
              {line.by ? ` · ${line.by}` : ''}
            </p>
            {line.options.length > 0 && <p className="pt-indent">{line.options.join(', ')}</p>}
            {line.note && (
              <p className="pt-indent">
                <b>Nota:</b> {line.note}
              </p>
            )}
          </li>
        ))}
      </ul>
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

/** Prints just this ticket (the browser's print dialog); the page is back as it was afterwards. */
export function printTicket(ticket: Printable): void {
  clear();
  const host = document.createElement('div');
  host.id = PRINT_HOST_ID;
  host.dataset.testid = 'print-ticket';
  document.body.append(host);
  const root = createRoot(host);
  flushSync(() => root.render(<PrintedTicket ticket={ticket} />));
  current = { root, host };
  document.documentElement.classList.add('printing-ticket');
  addEventListener('afterprint', clear, { once: true });
  window.print();
}
