/** A form field's error message, linked to its control by id (`aria-describedby`); nothing when there is no error. */
export function fieldErrorId(fieldId: string): string {
  return `${fieldId}-error`;
}

export function FieldError({
  fieldId,
  message,
  className = '',
}: {
  fieldId: string;
  message: string | undefined | null;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={fieldErrorId(fieldId)} className={`mt-1 text-sm font-medium text-error-strong ${className}`}>
      {message}
    </p>
  );
}
