/** Header button that opens a venue's cart; its accessible name starts with `Carrito` and says how many products it holds. */
import { useStore } from '@nanostores/react';
import { mdiCartOutline } from '@mdi/js';
import { useEffect, useMemo, useState } from 'react';
import { computed } from 'nanostores';
import { Icon } from '../../shell/Icon.tsx';
import { $carts, openCart } from './store.ts';

export function cartButtonLabel(lines: number): string {
  if (lines === 0) return 'Carrito, vacío';
  return `Carrito, ${lines} ${lines === 1 ? 'producto' : 'productos'}`;
}

export default function CartButton({ venueId }: { venueId: string }) {
  const $lines = useMemo(() => computed($carts, (carts) => carts[venueId]?.lines.length ?? 0), [venueId]);
  const stored = useStore($lines);
  // The server-rendered HTML cannot know the stored cart: show it once hydrated.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const lines = hydrated ? stored : 0;
  return (
    <button
      type="button"
      className="btn btn-ghost relative min-h-11 min-w-11 px-2"
      aria-label={cartButtonLabel(lines)}
      aria-haspopup="dialog"
      data-testid="cart-button"
      onClick={() => openCart(venueId)}
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
