/**
 * One way to run a native modal `<dialog>` (focus trap, Escape, inert page):
 * opens with `showModal()` when `open` turns true and moves the focus to
 * `initialFocus()` (else the dialog's first control), closes when it turns
 * false. A click on the backdrop closes it. The dialog's `close` event is the
 * caller's `onClose` (Escape, backdrop, a button), where focus is given back.
 */
import { useEffect, useEffectEvent, useRef, type MouseEvent, type RefObject } from 'react';

/** `dialogRef`: the caller's own ref to the dialog, when it needs one (e.g. to close it from a button). */
export function useModalDialog(
  open: boolean,
  initialFocus?: () => HTMLElement | null | undefined,
  dialogRef?: RefObject<HTMLDialogElement | null>,
) {
  const own = useRef<HTMLDialogElement>(null);
  const ref = dialogRef ?? own;
  /** What had the focus before the dialog opened (to give it back on close). */
  const opener = useRef<HTMLElement | null>(null);
  // The latest `initialFocus`, read when the dialog opens (not a reason to reopen it).
  const focusTarget = useEffectEvent(
    (dialog: HTMLDialogElement) =>
      initialFocus?.() ??
      dialog.querySelector<HTMLElement>('input:not([disabled]), textarea, select, button:not([disabled])'),
  );
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      focusTarget(dialog)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, ref]);
  /** For the dialog's `onClick`: the backdrop is the dialog element itself, outside its content. */
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === ref.current) ref.current?.close();
  };
  return { ref, onBackdropClick, opener };
}
