/**
 * The app's modal panels in one place: a native `<dialog>` run by `useModalDialog` (focus trap,
 * Escape, inert page, a click on the backdrop closes), with the shell's toaster hosted inside
 * while it is open (`useToasterInside`: the page behind is inert). Two placements:
 * - `side`: the cart's full-height panel from the right edge (the whole screen on a phone), as the
 *   diner's cart and the table's cart show;
 * - `sheet`: daisyUI's modal, from the bottom on a phone and centred above (a dish, the bill).
 * `onClose` is the dialog's `close` event (Escape, backdrop, a button that closes it), with what
 * had the focus before it opened, to give it back.
 */
import type { HTMLAttributes, ReactNode, RefObject } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';
import { useToasterInside } from './use-toaster-inside.ts';

const PLACEMENT = {
  side: 'cart-drawer m-0 ml-auto border-0 h-dvh max-h-dvh w-full max-w-full bg-base-100 p-0 text-base-content shadow-xl backdrop:bg-black/50 sm:max-w-md',
  sheet: 'modal modal-bottom sm:modal-middle',
} as const;

type DataAttributes = { [key: `data-${string}`]: string | undefined };

interface DrawerProps
  extends Pick<HTMLAttributes<HTMLDialogElement>, 'aria-labelledby' | 'aria-describedby'>, DataAttributes {
  open: boolean;
  placement: keyof typeof PLACEMENT;
  onClose: (opener: HTMLElement | null) => void;
  /** What gets the focus when it opens (else its first control). */
  initialFocus?: () => HTMLElement | null | undefined;
  /** False when the panel shows no toasts of its own (they stay on the page). */
  toasts?: boolean;
  /** The caller's ref to the dialog, for a button that closes it as Escape does (`ref.current?.close()`). */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  children: ReactNode;
}

export function Drawer({
  open,
  placement,
  onClose,
  initialFocus,
  toasts = true,
  dialogRef,
  children,
  ...attributes
}: DrawerProps) {
  const { ref, onBackdropClick, opener } = useModalDialog(open, initialFocus, dialogRef);
  useToasterInside(open && toasts, ref);
  return (
    // The click handler only takes clicks on the backdrop (the dialog element itself, outside its
    // content), a pointer shortcut for Escape and the close button, which keyboards already have.
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions -- see above
    <dialog
      ref={ref}
      className={PLACEMENT[placement]}
      onClose={() => onClose(opener.current)}
      onClick={onBackdropClick}
      {...attributes}
    >
      {children}
    </dialog>
  );
}
