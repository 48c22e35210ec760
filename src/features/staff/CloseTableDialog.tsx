/** Asks before `Cerrar mesa`: every phone at the table sees `Mesa cerrada` and cannot send more rounds. */
import { TABLE_STRINGS, type StaffTableSession } from '../../contract/table.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

interface Props {
  table: StaffTableSession | null;
  onConfirm: (table: StaffTableSession) => void;
  onClose: () => void;
}

export function CloseTableDialog({ table, onConfirm, onClose }: Props) {
  const label = table ? TABLE_STRINGS.table(table.table) : '';
  return (
    <ConfirmDialog
      item={table}
      id="close-table"
      title={`¿Cerrar la ${label}?`}
      text={
        table
          ? `Quienes están en la mesa verán «${TABLE_STRINGS.closed}» y no podrán enviar más rondas. Las rondas ya enviadas siguen en el panel. El próximo escaneo del código abre una mesa nueva, vacía.`
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
