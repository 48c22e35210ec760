/**
 * Header button that opens a venue's cart; its accessible name starts with `Carrito` and says how many
 * products it holds. During a table session it shows and opens the table's shared cart (`$sharedCart`).
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { computed } from 'nanostores';
import { Icon } from '../../shell/Icon.tsx';
import { useHydrated } from '../../lib/hydrated.ts';
import { $carts, $sharedCart, openCart } from './store.ts';
import { cartMessages } from './messages.ts';

/** mdiCartOutline (@mdi/js, Apache-2.0), inlined: importing @mdi/js here pulled every icon the app uses into the venue's first load. */
const mdiCartOutline =
  'M17,18A2,2 0 0,1 19,20A2,2 0 0,1 17,22C15.89,22 15,21.1 15,20C15,18.89 15.89,18 17,18M1,2H4.27L5.21,4H20A1,1 0 0,1 21,5C21,5.17 20.95,5.34 20.88,5.5L17.3,11.97C16.96,12.58 16.3,13 15.55,13H8.1L7.2,14.63L7.17,14.75A0.25,0.25 0 0,0 7.42,15H19V17H7C5.89,17 5,16.1 5,15C5,14.65 5.09,14.32 5.24,14.04L6.6,11.59L3,4H1V2M7,18A2,2 0 0,1 9,20A2,2 0 0,1 7,22C5.89,22 5,21.1 5,20C5,18.89 5.89,18 7,18M16,11L18.78,6H6.14L8.5,11H16Z';

export function cartButtonLabel(lines: number): string {
  const words = cartMessages.get();
  return lines === 0 ? words.buttonEmpty : words.button(lines);
}

export default function CartButton({ venueId }: { venueId: string }) {
  const $lines = useMemo(() => computed($carts, (carts) => carts[venueId]?.lines.length ?? 0), [venueId]);
  const stored = useStore($lines);
  // The server-rendered HTML cannot know the stored cart: show it once hydrated.
  const hydrated = useHydrated();
  const shared = useStore($sharedCart);
  const table = hydrated && shared?.venueId === venueId ? shared : null;
  const lines = table ? table.count : hydrated ? stored : 0;
  return (
    <button
      type="button"
      className="btn btn-ghost relative min-h-11 min-w-11 px-2"
      aria-label={table ? table.label : cartButtonLabel(lines)}
      aria-haspopup="dialog"
      data-testid="cart-button"
      onClick={() => (table ? table.open() : openCart(venueId))}
    >
      <Icon path={mdiCartOutline} size={26} />
      {lines > 0 && (
        <span
          aria-hidden="true"
          className="absolute right-0 top-0 min-w-5 h-5 rounded-full bg-[#b03d00] px-1 text-xs font-bold leading-5 text-white"
        >
          {lines}
        </span>
      )}
    </button>
  );
}
