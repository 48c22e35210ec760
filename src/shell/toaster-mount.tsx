/** Lazily loaded: renders sonner's Toaster into its own root on first use. */
import { useEffect, useState, type CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster, toast as sonnerToast } from 'sonner';
import type { ToastOptions } from './toast-options.ts';
import { pageWords } from '../lib/page-language.ts';

/** Wide screens: top right, below the header, beside the page's own top lines. */
export const TOASTER_POSITION = 'top-right';
/**
 * Phones (sonner's full-width layout, up to 600 px): at the bottom, so a toast never covers
 * what is at the top of the screen (the table bar, the board's «En vivo»); a sticky footer of
 * an open dialog is kept clear by src/styles/global.css.
 */
export const PHONE_TOASTER_POSITION = 'bottom-center';
const PHONE_QUERY = '(max-width: 600px)';
export const TOAST_DURATION_MS = 4000;

/** sonner's rich colours are below WCAG AA for text; same hues, darker text. */
const ACCESSIBLE_COLORS = {
  '--error-text': '#a8002a',
  '--success-text': '#0b6b34',
  '--info-text': '#0b5394',
  '--warning-text': '#7a4100',
} as CSSProperties;

let mounted: Promise<void> | undefined;

function ShellToaster() {
  const [phone, setPhone] = useState(() => matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    const query = matchMedia(PHONE_QUERY);
    const change = () => setPhone(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return (
    <Toaster
      position={phone ? PHONE_TOASTER_POSITION : TOASTER_POSITION}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      style={ACCESSIBLE_COLORS}
      // Below the 56 px sticky header, so the account and cart buttons stay usable.
      offset={{ top: 68, right: 16 }}
      mobileOffset={{ bottom: 12, right: 8, left: 8 }}
      containerAriaLabel="Notificaciones"
      toastOptions={{ closeButtonAriaLabel: pageWords('pages')?.closeToast ?? 'Cerrar notificación' }}
    />
  );
}

function Ready({ onReady }: { onReady: () => void }) {
  // Effects of siblings rendered before this one (the Toaster's subscription) have run.
  useEffect(onReady, [onReady]);
  return null;
}

/**
 * A phone has no hover, but after a tap its browser keeps the pointer where the finger was and
 * sends mouse events there; a toast appearing under the last tap (toasts sit at the bottom on
 * phones) would take that for a hover and never leave. Such touch-made mouse events do not
 * reach the toaster.
 */
function ignoreTouchHover(container: HTMLElement): void {
  const fromTouch = (event: Event) =>
    (event as MouseEvent & { sourceCapabilities?: { firesTouchEvents?: boolean } }).sourceCapabilities
      ?.firesTouchEvents === true;
  for (const type of ['mouseover', 'mouseout', 'mouseenter', 'mouseleave', 'mousemove']) {
    window.addEventListener(
      type,
      (event) => {
        if (fromTouch(event) && event.target instanceof Node && container.contains(event.target))
          event.stopPropagation();
      },
      { capture: true },
    );
  }
}

export function mountToaster(): Promise<void> {
  if (!mounted) {
    mounted = new Promise<void>((resolve) => {
      const container = document.createElement('div');
      container.id = 'umenu-toaster';
      document.body.append(container);
      ignoreTouchHover(container);
      createRoot(container).render(
        <>
          <ShellToaster />
          <Ready onReady={resolve} />
        </>,
      );
    });
  }
  return mounted;
}

export function showToast(
  kind: 'message' | 'success' | 'info' | 'warning' | 'error',
  message: string,
  options: ToastOptions,
): void {
  const { action, ...rest } = options;
  const data = action ? { ...rest, action: { label: action.label, onClick: action.onClick } } : rest;
  if (kind === 'message') sonnerToast(message, data);
  else sonnerToast[kind](message, data);
}

export function dismissToast(id: string | number): void {
  sonnerToast.dismiss(id);
}
