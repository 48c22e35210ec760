/**
 * What a manager's page shows while its data loads, and when loading failed (with «Reintentar»):
 * the same on the menu editor, tables, team and printers pages.
 */
export function PageLoading({ what }: { what: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-8">
      <span className="loading loading-spinner" aria-hidden="true" /> {what}
    </p>
  );
}

export function PageLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error">
      <span>{message}</span>
      <button type="button" className="btn btn-sm min-h-11" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}
