/**
 * One dish of a set menu's course in the step dialog (src/features/menu/SetDialog.tsx): its radio or checkbox, its
 * supplement, and once chosen its own options and its note for the kitchen (docs/rules.md#set-menus-and-availability).
 */
import { useId } from 'react';
import type { OptionGroup, Product } from '../../contract/venue.ts';
import { LIMITS } from '../../contract/limits.ts';
import { fallbackLang, type TextLanguages } from '../../contract/languages.ts';
import { menuMessages } from './messages.ts';
import { OptionFieldset } from './OptionFieldset.tsx';
import { setMessages } from './set-messages.ts';
import { dishNote, dishOptions, type Course, type SetPicks } from './set-steps.ts';

export function SetChoice({
  course,
  product,
  supplement,
  picks,
  money,
  langs,
  scope,
  onToggle,
  onOptions,
  onNote,
}: {
  course: Course;
  product: Product;
  supplement: number;
  picks: SetPicks;
  money: (minor: number) => string;
  langs: TextLanguages | undefined;
  scope: string;
  onToggle: (on: boolean) => void;
  onOptions: (selection: Record<string, string[]>) => void;
  onNote: (note: string) => void;
}) {
  const words = menuMessages.get();
  const noteId = useId();
  const note = dishNote(picks, course.id, product.id);
  const setWords = setMessages.get();
  const radio = course.max === 1;
  const chosen = (picks.dishes[course.id] ?? []).includes(product.id);
  const full = !radio && (picks.dishes[course.id] ?? []).length >= course.max;
  const disabled = !product.available || (full && !chosen);
  const selection = dishOptions(picks, course.id, product.id);
  const toggleOption = (group: OptionGroup, optionId: string, checked: boolean) => {
    const current = selection[group.id] ?? [];
    const next =
      group.max === 1 ? [optionId] : checked ? [...current, optionId] : current.filter((o) => o !== optionId);
    onOptions({ ...selection, [group.id]: next });
  };
  return (
    <div data-testid="set-choice">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 has-disabled:cursor-not-allowed has-disabled:opacity-70">
        <input
          type={radio ? 'radio' : 'checkbox'}
          name={`${scope}-course-${course.id}`}
          className={radio ? 'radio radio-sm border-base-content/60' : 'checkbox checkbox-sm border-base-content/60'}
          value={product.id}
          checked={chosen}
          disabled={disabled}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <span className="flex-1">
          <span lang={fallbackLang(product, 'name', langs)}>{product.name}</span>
          {!product.available && words.optionSoldOut}
        </span>
        {supplement > 0 && <span className="tabular-nums text-sm">+{money(supplement)}</span>}
      </label>
      {chosen && (
        <div className="flex flex-col gap-2 pb-2" role="group" aria-label={setWords.optionsOf({ dish: product.name })}>
          {product.optionGroups.map((group) => (
            <OptionFieldset
              key={group.id}
              group={group}
              chosen={selection[group.id] ?? []}
              invalid={false}
              money={money}
              onToggle={toggleOption}
              langs={langs}
              scope={`${scope}-${course.id}-${product.id}-`}
            />
          ))}
          <label htmlFor={noteId} className="font-medium">
            {words.kitchenNote}
          </label>
          <input
            id={noteId}
            type="text"
            className="input w-full"
            maxLength={LIMITS.lineNoteMax}
            value={note}
            onChange={(e) => onNote(e.target.value.slice(0, LIMITS.lineNoteMax))}
            placeholder={words.notePlaceholder}
          />
        </div>
      )}
    </div>
  );
}
