/**
 * Toasts (sonner) without making every page pay for React: the Toaster is
 * rendered into its own container the first time a toast is shown.
 * Top-right, 4000 ms, paused while hovered (see toaster-mount.tsx).
 */
import { reloadAfterChunkFailure } from './chunk-reload.ts';
import type { ToastOptions } from './toast-options.ts';

export type { ToastOptions };

export const GENERIC_ERROR_MESSAGE = 'Oops...Something went wrong';
/** The type of the generic failure toast (docs/rules.md#toasts); set as the toast's class name. */
export const GENERIC_ERROR_TYPE = 'my-error';

type Kind = 'message' | 'success' | 'info' | 'warning' | 'error';
type SonnerModule = typeof import('./toaster-mount.tsx');

let loading: Promise<SonnerModule> | undefined;

function sonner(): Promise<SonnerModule> {
  if (!loading) {
    loading = import('./toaster-mount.tsx').then(async (module) => {
      await module.mountToaster();
      return module;
    });
    loading.catch((error: unknown) => {
      loading = undefined;
      reloadAfterChunkFailure(error);
    });
  }
  return loading;
}

function show(kind: Kind, message: string, options: ToastOptions = {}): void {
  sonner()
    .then((module) => module.showToast(kind, message, options))
    .catch((error: unknown) => console.error('[umenu] toast could not be shown', error));
}

export const toast = {
  message: (message: string, options?: ToastOptions) => show('message', message, options),
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  /** Takes a toast away at once (only if the toaster is already loaded: nothing to dismiss otherwise). */
  dismiss: (id: string | number): void => {
    void loading?.then((module) => module.dismissToast(id)).catch(() => undefined);
  },
  /** Loads the Toaster ahead of time (e.g. when a page is about to need it). */
  preload: (): void => void sonner().catch(() => undefined),
};

/** The generic failure toast: type `my-error`, `Oops...Something went wrong`, error style. */
export function toastError(message: string = GENERIC_ERROR_MESSAGE, options: ToastOptions = {}): void {
  show('error', message, {
    testId: GENERIC_ERROR_TYPE,
    ...options,
    className: [GENERIC_ERROR_TYPE, options.className].filter(Boolean).join(' '),
  });
}
