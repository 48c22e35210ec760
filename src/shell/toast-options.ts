/** Options of a toast, shared by the toast API (toast.ts) and the lazily loaded Toaster (toaster-mount.tsx). */
export interface ToastOptions {
  description?: string;
  /** Stable id: showing a toast with the same id replaces it instead of stacking. */
  id?: string | number;
  duration?: number;
  className?: string;
  /** `data-testid` of the toast element. */
  testId?: string;
  action?: { label: string; onClick: () => void };
}
