/** Asks before cancelling: the diner sees the order as cancelled and it cannot be undone. */
import type { Order } from '../../contract/order.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

interface Props {
  order: Order | null;
  onConfirm: (order: Order) => void;
  onClose: () => void;
}

export function CancelDialog({ order, onConfirm, onClose }: Props) {
  return (
    <ConfirmDialog
      item={order}
      id="cancel-order"
      title={`¿Cancelar el pedido ${order?.number ?? ''}?`}
      text={order ? `${order.customer.name} verá el pedido como cancelado. No se puede deshacer.` : ''}
      keepLabel="No, mantener el pedido"
      confirmLabel="Sí, cancelar el pedido"
      testId="cancel-dialog"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
