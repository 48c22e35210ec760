/** A failed board action, said at once and kept until staff close it. */
export function BoardAlert({
  message,
  onClose,
  className,
  testId,
}: {
  message: string;
  onClose: () => void;
  className: string;
  testId: string;
}) {
  return (
    <div
      role="alert"
      className={`${className} flex items-start justify-between gap-2 rounded-box border border-error-strong bg-base-100 p-3`}
      data-testid={testId}
    >
      <p>{message}</p>
      <button type="button" className="btn btn-ghost btn-sm min-h-11 min-w-11" onClick={onClose}>
        Cerrar<span className="sr-only"> el aviso</span>
      </button>
    </div>
  );
}
