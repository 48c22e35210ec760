/**
 * What the cart shows inside the order drawer: the lines with quantity and
 * remove (undo toast), the subtotal and the `Hacer pedido` entry point; or the
 * empty state. What `Hacer pedido` leads to is the caller's business.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../lib/money.ts';
import { minimumShortfall } from '../../contract/minimum.ts';
import type { OrderMode } from '../../contract/venue.ts';
import { toast } from '../../shell/toast.ts';
import { cartSubtotal } from './logic.ts';
import { CartLineItem } from './CartLineItem.tsx';
import { cartMessages } from './messages.ts';
import { $menuNames, namedLine } from './sold-out.ts';
import { requestLineEdit } from './edit-line.ts';
import { $venuePauses, awayPause, pauseText } from './paused.ts';
import { clock } from '../../lib/clock.ts';
import {
  $carts,
  closeCart,
  removeFromCart,
  replaceLines,
  restoreToCart,
  takeCartFlash,
  updateQuantity,
} from './store.ts';

/** When a pause's «until» passes, the page's script says so (menu/pause-banner.ts); this clock is the cart's own check. */
const $halfMinute = clock(30_000);

interface Props {
  /** `minOrder`: the venue's minimum for pickup and delivery, told under the subtotal until it is reached. */
  venue: {
    id: string;
    name: string;
    minOrder?: number | undefined;
    orderModes?: readonly OrderMode[];
    timezone?: string;
  };
  /** `Hacer pedido`. */
  onOrder: () => void;
  /** Where keyboard focus goes when the element that had it disappears (a removed line, a gone toast). */
  focusHome: () => void;
}

export function CartPanel({ venue, onOrder, focusHome }: Props) {
  const cart = useStore($carts)[venue.id];
  const lines = cart?.lines ?? [];
  // The names of the page's language (a line added on a page in another language follows the switch).
  const names = useStore($menuNames);
  const [announcement, setAnnouncement] = useState('');
  // The venue paused its pickup and delivery (docs/rules.md#pausing-orders): the lines stay, the order waits.
  const paused = awayPause(venue, useStore($venuePauses), useStore($halfMinute));

  // Left by "Repetir pedido": what could not be added back.
  useEffect(() => {
    const flash = takeCartFlash();
    if (flash) setTimeout(() => toast.warning(flash, { duration: 10_000, testId: 'repeat-missing' }), 300);
  }, []);

  function changeQuantity(key: string, name: string, quantity: number): void {
    updateQuantity(venue.id, key, quantity);
    setAnnouncement(`${name}: ${cartMessages.get().units(quantity)}`);
  }

  function remove(key: string): void {
    const removed = removeFromCart(venue.id, key);
    if (!removed) return;
    const words = cartMessages.get();
    const { name } = namedLine(removed.line, $menuNames.get());
    setAnnouncement(words.removedLive({ name }));
    focusHome();
    toast.message(words.removed({ name }), {
      id: `cart-removed-${key}`,
      testId: 'undo-toast',
      // Longer than the 4 s default: undoing needs time to find and reach the button.
      duration: 10_000,
      action: {
        label: words.undo,
        onClick: () => {
          restoreToCart(venue.id, removed.line, removed.index);
          setAnnouncement(words.restored({ name }));
          // The toast (and its button) goes away: keep keyboard focus inside the drawer.
          focusHome();
        },
      },
    });
  }

  const words = cartMessages.get();
  // The minimum is for pickup and delivery (a table's rounds have none): said here as at checkout.
  const ordersAway = !venue.orderModes || venue.orderModes.some((mode) => mode !== 'table');
  const shortfall = cart && ordersAway ? minimumShortfall(venue.minOrder, '', cartSubtotal(cart)) : null;
  const money = (minor: number) => formatMoney(minor, cart?.currency ?? 'EUR', cart?.locale ?? 'es-ES');
  const status = (
    <p className="sr-only" role="status" aria-live="polite">
      {announcement}
    </p>
  );
  if (!cart || lines.length === 0) {
    return (
      <div className="flex-1 overflow-y-auto px-4">
        {status}
        <div className="flex flex-col items-center gap-3 py-12 text-center" data-testid="cart-empty">
          <p className="text-lg font-semibold">{words.empty}</p>
          <p className="text-base-content/80">{words.emptyHint({ venue: venue.name })}</p>
          <button type="button" className="btn btn-primary min-h-11" onClick={() => closeCart()}>
            {words.seeMenu}
          </button>
        </div>
      </div>
    );
  }
  return (
    <>
      <div className="flex-1 overflow-y-auto px-4">
        {status}
        <ul className="divide-y divide-base-300" aria-label={words.lines}>
          {lines
            .map((stored) => namedLine(stored, names))
            .map((line) => (
              <CartLineItem
                key={line.key}
                line={line}
                currency={cart.currency}
                locale={cart.locale}
                onQuantity={(q) => changeQuantity(line.key, line.name, q)}
                onRemove={() => remove(line.key)}
                onEdit={() => {
                  closeCart();
                  requestLineEdit({
                    productId: line.productId,
                    key: line.key,
                    choices: line.choices ?? [],
                    quantity: line.quantity,
                  });
                }}
                onAcceptPrice={(unitPrice) =>
                  replaceLines(
                    venue.id,
                    lines.map((l) => (l.key === line.key ? { ...l, unitPrice } : l)),
                  )
                }
              />
            ))}
        </ul>
      </div>
      <div className="border-t border-base-300 px-4 py-3">
        <div className="mb-3 flex items-baseline justify-between text-lg">
          <span>{words.subtotal}</span>
          <span className="font-bold tabular-nums" data-testid="cart-subtotal">
            {money(cartSubtotal(cart))}
          </span>
        </div>
        {shortfall && (
          <p className="mb-3 rounded-box bg-base-200 px-3 py-2 text-sm" data-testid="cart-minimum">
            {words.minimum({ minimum: money(shortfall.minOrder), missing: money(shortfall.missing) })}
          </p>
        )}
        {paused && (
          <p className="mb-3 rounded-box border border-warning bg-warning/15 p-3 text-sm" data-testid="cart-paused">
            {pauseText(paused, venue.timezone ?? 'UTC')}
          </p>
        )}
        <button
          type="button"
          className="btn btn-primary min-h-12 w-full text-base"
          onClick={onOrder}
          disabled={Boolean(paused)}
        >
          {words.order}
        </button>
      </div>
    </>
  );
}
