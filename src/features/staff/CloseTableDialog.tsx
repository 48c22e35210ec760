/** Asks before `Cerrar mesa`: every phone at the table sees `Mesa cerrada` and cannot send more rounds. */
import { useRef } from 'react';
import { TABLE_STRINGS, type StaffTableSession } from '../../contract/table.ts';
import { useModalDialog } from '../../shell/ui/use-modal-dialog.ts';
import '../../styles/dialogs.ts';

interface Props {
  table: StaffTableSession | null;
  onConfirm: (table: StaffTableSession) => void;
  onClose: () => void;
}

export function CloseTableDialog({ table, onConfirm, onClose }: Props) {
  const keepRef = useRef<HTMLButtonElement>(null);
  // The safe choice gets the focus.
  const { ref } = useModalDialog(table !== null, () => keepRef.current);
  const label = table ? TABLE_STRINGS.table(table.table) : '';

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="close-table-title"
      aria-describedby="close-table-text"
      onClose={onClose}
      data-testid="close-table-dialog"
    >
      <div className="modal-box">
        <h2 id="close-table-title" className="text-lg font-bold">
          ¿Cerrar la {label}?
        </h2>
        <p id="close-table-text" className="mt-2">
          {table
            ? `Quienes están en la mesa verán «${TABLE_STRINGS.closed}» y no podrán enviar más rondas. Las rondas ya enviadas siguen en el panel. El próximo escaneo del código abre una mesa nueva, vacía.`
            : ''}
        </p>
        <div className="modal-action flex-wrap">
          <button ref={keepRef} type="button" className="btn btn-ghost min-h-11" onClick={onClose}>
            No, dejarla abierta
          </button>
          <button
            type="button"
            className="btn min-h-11 border-0 bg-[#a3153a] text-white hover:bg-[#85102f]"
            onClick={() => table && onConfirm(table)}
          >
            Sí, cerrar la mesa
          </button>
        </div>
      </div>
    </dialog>
  );
}
