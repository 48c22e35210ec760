/** The order at a glance (units and subtotal, lines on demand) and the totals table. */
import type { Totals } from '../../contract/money.ts';
import { productCountText } from '../../contract/labels.ts';
import { cartCount, cartSubtotal, lineTotal, type Cart } from '../cart/index.ts';
import { UserNote } from '../../shell/ui/UserText.tsx';

export function OrderSummary({ cart, money }: { cart: Cart; money: (minor: number) => string }) {
  return (
    <details className="rounded-box bg-base-200 px-3" data-testid="checkout-summary">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium">
        Tu pedido: {productCountText(cartCount(cart))} · {money(cartSubtotal(cart))}
      </summary>
      <ul className="pb-3 text-sm">
        {cart.lines.map((line) => (
          <li key={line.key} className="flex justify-between gap-3 py-1">
            <span className="min-w-0">
              {line.quantity} × {line.name}
              {line.optionNames.length > 0 ? ` (${line.optionNames.join(', ')})` : ''}
              {line.note && <UserNote as="span" label="Nota:" className="italic text-base-content/80">{line.note}</UserNote>}
            </span>
            <span className="whitespace-nowrap tabular-nums">{money(lineTotal(line))}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function TotalsSummary({ totals, delivery, money }: { totals: Totals; delivery: boolean; money: (minor: number) => string }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-box bg-base-200 p-3" data-testid="checkout-totals">
      <dt>Subtotal</dt>
      <dd className="text-right tabular-nums">{money(totals.subtotal)}</dd>
      <dt>Propina</dt>
      <dd className="text-right tabular-nums">{money(totals.tip)}</dd>
      {delivery && (
        <>
          <dt>Envío</dt>
          <dd className="text-right tabular-nums">{money(totals.deliveryFee)}</dd>
        </>
      )}
      <dt className="text-lg font-bold">Total</dt>
      <dd className="text-right text-lg font-bold tabular-nums" data-testid="checkout-total">{money(totals.total)}</dd>
    </dl>
  );
}
