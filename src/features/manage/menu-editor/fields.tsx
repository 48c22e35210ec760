/**
 * The menu editor's form fields (docs/rules.md#venue-self-service): a text field, a select and a
 * list of checkboxes registered with the editor's react-hook-form, each with its label and its
 * error (src/shell/ui/FieldError.tsx), and a titled section.
 */
import type { ReactNode } from 'react';
import { useFormContext, type FieldPath } from 'react-hook-form';
import { FieldError, fieldErrorId } from '../../../shell/ui/FieldError.tsx';
import type { FormValues } from './logic.ts';

export type Path = FieldPath<FormValues>;

/** What was just removed, and how to put it back («Deshacer» in the publish bar). */
export interface Undo {
  text: string;
  restore: () => void;
}

/** The message at a field, or at a list's `root` (react-hook-form puts a list's own error there). */
export function errorAt(errors: object, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  const error = node as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

export function TextField({
  name,
  label,
  hint,
  type = 'text',
  className = '',
  inputMode,
}: {
  name: Path;
  label: string;
  hint?: string;
  type?: string;
  className?: string;
  inputMode?: 'decimal' | 'numeric';
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<FormValues>();
  const error = errorAt(errors, name);
  const id = `f-${name.replace(/\./g, '-')}`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        className={`input min-h-11 w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(id) : hint ? `${id}-hint` : undefined}
        {...register(name)}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-base-content/80">
          {hint}
        </p>
      )}
      <FieldError fieldId={id} message={error} />
    </div>
  );
}

export function CheckList<T extends string>({
  name,
  legend,
  values,
  labels,
}: {
  name: Path;
  legend: string;
  values: readonly T[];
  labels: Record<T, string>;
}) {
  const { register } = useFormContext<FormValues>();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-3">
        {values.map((v) => (
          <label key={v} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" className="checkbox" value={v} {...register(name)} /> {labels[v]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-4" aria-label={title}>
      <h2 className="mb-3 text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** A select of the form (station, course) with its label and its error. */
export function SelectField({
  name,
  label,
  options,
  className = '',
}: {
  name: Path;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<FormValues>();
  const error = errorAt(errors, name);
  const id = `f-${name.replace(/\./g, '-')}`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className={`select min-h-11 w-full ${error ? 'select-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(id) : undefined}
        {...register(name)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
