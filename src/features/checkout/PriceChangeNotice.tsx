/** "Algunos precios han cambiado": before/after per line, the new total, accept or go back to the cart. */
import { useId, type Ref } from 'react';
import type { PriceChange } from '../../contract/order.ts';
import type { CartLine } from '../cart/index.ts';
import { checkoutMessages } from './messages.ts';

interface Props {
  change: { changes: PriceChange[]; total: number | null };
  lines: readonly CartLine[];
  money: (minor: number) => string;
  busy: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onAccept: () => void;
  onBack: () => void;
}

export function PriceChangeNotice({ change, lines, money, busy, headingRef, onAccept, onBack }: Props) {
  const id = useId();
  const words = checkoutMessages.get();
  return (
    <section
      className="rounded-box border-2 border-warning bg-warning/15 p-3"
      aria-labelledby={id}
      data-testid="price-change"
    >
      <h4 id={id} ref={headingRef} tabIndex={-1} className="font-bold">
        {words.pricesChanged}
      </h4>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {change.changes.map((c) => {
          // "Before" is what this diner saw: the price kept in their cart line.
          const before = lines[c.index]?.unitPrice ?? c.expectedUnitPrice;
          if (before === c.unitPrice) return null;
          return (
            <li key={`${c.index}-${c.productId}`}>
              {c.name} ({c.quantity} ×):{' '}
              {before !== undefined ? (
                <>
                  {words.priceBefore} <s>{money(before)}</s>,{' '}
                </>
              ) : null}
              {words.priceNow} <strong>{money(c.unitPrice)}</strong>
            </li>
          );
        })}
      </ul>
      {change.total !== null && <p className="mt-2 font-semibold">{words.newTotal({ total: money(change.total) })}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary min-h-11" onClick={onAccept} disabled={busy}>
          {words.acceptPrices}
        </button>
        <button type="button" className="btn btn-ghost min-h-11" onClick={onBack}>
          {words.reviewCart}
        </button>
      </div>
    </section>
  );
}
