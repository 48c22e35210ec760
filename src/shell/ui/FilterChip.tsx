/** A pill-shaped checkbox for a filter (diet, allergen, status…), 44 px high. */
import type { ChangeEvent, ReactNode } from 'react';

export function FilterChip({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-base-300 px-3">
      <input
        type="checkbox"
        className="checkbox checkbox-sm border-base-content/60"
        checked={checked}
        onChange={onChange}
      />
      {children}
    </label>
  );
}
