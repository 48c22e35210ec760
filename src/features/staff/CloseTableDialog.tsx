/**
 * Asks before `Cerrar mesa`: every phone at the table sees `Mesa cerrada` and cannot send more rounds. A table that
 * still owes part of its bill says how much (docs/rules.md#the-bill): confirming closes it with that amount unpaid.
 */
import { BILL_MESSAGES, type BillState } from '../../contract/bill.ts';
import { TABLE_STRINGS, type StaffTableSession } from '../../contract/table.ts';
import { formatMoney } from '../../lib/money.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

interface Props {
  table: StaffTableSession | null;
  bill?: BillState | undefined;
  locale?: string;
  onConfirm: (table: StaffTableSession) => void;
  onClose: () => void;
}

export function CloseTableDialog({ table, bill, locale = 'es', onConfirm, onClose }: Props) {
  const label = table ? TABLE_STRINGS.table(table.table) : '';
  const unpaid =
    bill && bill.balance > 0 ? `${BILL_MESSAGES.unpaidClose(formatMoney(bill.balance, bill.currency, locale))} ` : '';
  return (
    <ConfirmDialog
      item={table}
      id="close-table"
      title={`¿Cerrar la ${label}?`}
      text={
        table
          ? `${unpaid}Quienes están en la mesa verán «${TABLE_STRINGS.closed}» y no podrán enviar más rondas. Las rondas ya enviadas siguen en el panel. El próximo escaneo del código abre una mesa nueva, vacía.`
          : ''
      }
      keepLabel="No, dejarla abierta"
      confirmLabel="Sí, cerrar la mesa"
      testId="close-table-dialog"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
