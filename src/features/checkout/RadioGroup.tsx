/** A fieldset of pill radios (mode, tip, payment): legend, options, optional hint and error, and room for extra content. */
import type { ReactNode } from 'react';
import { FieldError, fieldErrorId } from '../../shell/ui/FieldError.tsx';

export interface RadioOption<T extends string> {
  value: T;
  label: string;
}

interface Props<T extends string> {
  name: string;
  legend: string;
  options: readonly RadioOption<T>[];
  value: T | '';
  onChange: (value: T) => void;
  /** Id of the first radio (what an error link or "focus the first invalid field" targets). */
  firstId: string;
  /** Id the error message is derived from. */
  errorFor: string;
  error?: string | undefined;
  hint?: { id: string; text: string };
  children?: ReactNode;
}

export function RadioGroup<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  firstId,
  errorFor,
  error,
  hint,
  children,
}: Props<T>) {
  const describedBy = [error ? fieldErrorId(errorFor) : null, hint?.id].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="fieldset" aria-describedby={describedBy}>
      <legend className="fieldset-legend text-base">{legend}</legend>
      {hint && (
        <p id={hint.id} className="text-sm text-base-content/80">
          {hint.text}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {options.map((option, i) => (
          <label
            key={option.value}
            className="label min-h-11 cursor-pointer gap-2 rounded-field border border-base-300 px-3 text-base-content has-checked:border-primary-strong has-checked:bg-primary/10"
          >
            <input
              type="radio"
              className="radio radio-sm"
              name={name}
              value={option.value}
              id={i === 0 ? firstId : undefined}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {children}
      <FieldError fieldId={errorFor} message={error} />
    </fieldset>
  );
}
