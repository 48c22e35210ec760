/**
 * The board's "are you sure?" dialog for an action that cannot be undone (cancel an order,
 * close a table): the safe choice has the focus, the destructive one is marked in red.
 */
import { useRef } from 'react';
import { useModalDialog } from '../../shell/ui/use-modal-dialog.ts';
import '../../styles/dialogs.ts';

interface Props<T> {
  /** What the action is about; null: the dialog is closed. */
  item: T | null;
  /** Prefix of the title's and text's element ids. */
  id: string;
  title: string;
  text: string;
  keepLabel: string;
  confirmLabel: string;
  testId: string;
  onConfirm: (item: T) => void;
  onClose: () => void;
}

export function ConfirmDialog<T>({
  item,
  id,
  title,
  text,
  keepLabel,
  confirmLabel,
  testId,
  onConfirm,
  onClose,
}: Props<T>) {
  const keepRef = useRef<HTMLButtonElement>(null);
  // The safe choice gets the focus.
  const { ref } = useModalDialog(item !== null, () => keepRef.current);

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      data-testid={testId}
    >
      <div className="modal-box">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        <p id={`${id}-text`} className="mt-2">
          {text}
        </p>
        <div className="modal-action flex-wrap">
          <button ref={keepRef} type="button" className="btn btn-ghost min-h-11" onClick={onClose}>
            {keepLabel}
          </button>
          <button
            type="button"
            className="btn min-h-11 border-0 bg-error-strong text-white hover:bg-[#85102f]"
            onClick={() => item !== null && onConfirm(item)}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
