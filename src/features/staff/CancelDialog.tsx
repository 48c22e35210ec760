/** Asks before cancelling: the diner sees the order as cancelled and it cannot be undone. */
import { useRef } from 'react';
import type { Order } from '../../contract/order.ts';
import { useModalDialog } from '../../shell/ui/use-modal-dialog.ts';
import '../../styles/dialogs.ts';

interface Props {
  order: Order | null;
  onConfirm: (order: Order) => void;
  onClose: () => void;
}

export function CancelDialog({ order, onConfirm, onClose }: Props) {
  const keepRef = useRef<HTMLButtonElement>(null);
  // The safe choice gets the focus.
  const { ref } = useModalDialog(order !== null, () => keepRef.current);

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="cancel-order-title"
      aria-describedby="cancel-order-text"
      onClose={onClose}
      data-testid="cancel-dialog"
    >
      <div className="modal-box">
        <h2 id="cancel-order-title" className="text-lg font-bold">
          ¿Cancelar el pedido {order?.number}?
        </h2>
        <p id="cancel-order-text" className="mt-2">
          {order ? `${order.customer.name} verá el pedido como cancelado. No se puede deshacer.` : ''}
        </p>
        <div className="modal-action flex-wrap">
          <button ref={keepRef} type="button" className="btn btn-ghost min-h-11" onClick={onClose}>
            No, mantener el pedido
          </button>
          <button
            type="button"
            className="btn min-h-11 border-0 bg-[#a3153a] text-white hover:bg-[#85102f]"
            onClick={() => order && onConfirm(order)}
          >
            Sí, cancelar el pedido
          </button>
        </div>
      </div>
    </dialog>
  );
}
