/**
 * A modal dialog makes the rest of the page inert, toasts included: while `open`, host the
 * shell's toaster inside the dialog so its toasts are read and reachable.
 */
import { useEffect, type RefObject } from 'react';

export function useToasterInside(open: boolean, dialogRef: RefObject<HTMLDialogElement | null>): void {
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const adopt = () => {
      const toaster = document.getElementById('umenu-toaster');
      if (toaster && toaster.parentElement !== dialog) dialog.append(toaster);
    };
    adopt();
    const observer = new MutationObserver(adopt);
    observer.observe(document.body, { childList: true });
    return () => {
      observer.disconnect();
      const toaster = document.getElementById('umenu-toaster');
      if (toaster && toaster.parentElement === dialog) document.body.append(toaster);
    };
  }, [open, dialogRef]);
}
