/** Header button for the table's shared cart; its accessible name says it is the table's and how many products it holds. */
import { useStore } from '@nanostores/react';
import { mdiCartOutline } from '@mdi/js';
import { Icon } from '../../shell/Icon.tsx';
import { $view, openTableCart } from './store.ts';

export function tableCartLabel(count: number): string {
  if (count === 0) return 'Carrito de la mesa, vacío';
  return `Carrito de la mesa, ${count} ${count === 1 ? 'producto' : 'productos'}`;
}

export default function TableCartButton() {
  const view = useStore($view);
  const count = view?.count ?? 0;
  return (
    <button
      type="button"
      className="btn btn-ghost relative min-h-11 min-w-11 px-2"
      aria-label={tableCartLabel(count)}
      aria-haspopup="dialog"
      data-testid="table-cart-button"
      onClick={openTableCart}
    >
      <Icon path={mdiCartOutline} size={26} />
      {count > 0 && (
        <span aria-hidden="true" className="absolute right-0 top-0 min-w-5 h-5 rounded-full bg-[#b03d00] px-1 text-xs font-bold leading-5 text-white">
          {count}
        </span>
      )}
    </button>
  );
}
