/** The order at a glance (units and subtotal, lines on demand) and the totals table. */
import type { Totals } from '../../contract/money.ts';
import { useStore } from '@nanostores/react';
import {
  $menuNames,
  cartCount,
  cartSubtotal,
  lineTotal,
  namedLine,
  setLineMessages,
  type Cart,
} from '../cart/index.ts';
import { UserNote } from '../../shell/ui/UserText.tsx';
import { ChoiceList } from '../../shell/ui/ChoiceList.tsx';
import { checkoutMessages } from './messages.ts';

export function OrderSummary({ cart, money }: { cart: Cart; money: (minor: number) => string }) {
  const words = { ...checkoutMessages.get(), ...setLineMessages.get() };
  const names = useStore($menuNames);
  return (
    <details className="rounded-box bg-base-200 px-3" data-testid="checkout-summary">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium">
        {words.summary({ products: words.products(cartCount(cart)), subtotal: money(cartSubtotal(cart)) })}
      </summary>
      <ul className="pb-3 text-sm">
        {cart.lines
          .map((stored) => namedLine(stored, names))
          .map((line) => (
            <li key={line.key} className="flex justify-between gap-3 py-1">
              <span className="min-w-0">
                {line.quantity} × {line.name}
                {line.optionNames.length > 0 ? ` (${line.optionNames.join(', ')})` : ''}
                <ChoiceList label={words.choicesOf({ name: line.name })} names={line.choiceNames ?? []} />
                {line.note && (
                  <UserNote as="span" label={words.note2} className="italic text-base-content/80">
                    {line.note}
                  </UserNote>
                )}
              </span>
              <span className="whitespace-nowrap tabular-nums">{money(lineTotal(line))}</span>
            </li>
          ))}
      </ul>
    </details>
  );
}

export function TotalsSummary({
  totals,
  delivery,
  money,
}: {
  totals: Totals;
  delivery: boolean;
  money: (minor: number) => string;
}) {
  const words = checkoutMessages.get();
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-box bg-base-200 p-3" data-testid="checkout-totals">
      <dt>{words.subtotal}</dt>
      <dd className="text-right tabular-nums">{money(totals.subtotal)}</dd>
      <dt>{words.tip}</dt>
      <dd className="text-right tabular-nums">{money(totals.tip)}</dd>
      {delivery && (
        <>
          <dt>{words.delivery2}</dt>
          <dd className="text-right tabular-nums">{money(totals.deliveryFee)}</dd>
        </>
      )}
      <dt className="text-lg font-bold">{words.total}</dt>
      <dd className="text-right text-lg font-bold tabular-nums" data-testid="checkout-total">
        {money(totals.total)}
      </dd>
    </dl>
  );
}
