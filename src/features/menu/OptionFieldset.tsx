/** A dish's option group as a fieldset (radio when max is 1), for the product dialog and a set's chosen dishes. */
import type { OptionGroup } from '../../contract/venue.ts';
import { fallbackLang, type TextLanguages } from '../../contract/languages.ts';
import { $language } from '../../lib/i18n.ts';
import { inSentence, labelMessages, menuMessages } from './messages.ts';

/** "huevo, lácteos": allergen names inside a sentence, in the page's language. */
export function allergenList(allergens: readonly string[]): string {
  const labels = labelMessages.get() as Record<string, string>;
  return allergens.map((a) => inSentence(labels[a] ?? a, $language.get())).join(', ');
}

export function OptionFieldset({
  group,
  chosen,
  invalid,
  money,
  onToggle,
  langs,
  scope = '',
}: {
  langs: TextLanguages | undefined;
  group: OptionGroup;
  chosen: string[];
  invalid: boolean;
  money: (minor: number) => string;
  onToggle: (group: OptionGroup, optionId: string, checked: boolean) => void;
  /** Distinguishes the radios' names when several dishes' groups share a form. */
  scope?: string;
}) {
  const radio = group.max === 1;
  const required = group.min > 0;
  const full = !radio && chosen.length >= group.max;
  const words = menuMessages.get();
  const rule = radio
    ? required
      ? words.chooseOne
      : words.optionalOne
    : group.min > 0
      ? group.min === group.max
        ? words.chooseN({ n: group.min })
        : words.chooseRange({ min: group.min, max: group.max })
      : words.optionalUpTo({ max: group.max });
  return (
    <fieldset
      className={`fieldset rounded-box border p-3 text-base ${invalid ? 'border-error' : 'border-base-300'}`}
      aria-invalid={invalid || undefined}
    >
      <legend className="fieldset-legend px-1 text-base">
        <span lang={fallbackLang(group, 'name', langs)}>{group.name}</span>
        {required && <span className="badge badge-sm badge-outline ml-2">{words.required}</span>}
      </legend>
      <p className="text-sm text-base-content/80 -mt-1">{rule}</p>
      {group.options.map((option) => {
        const checked = chosen.includes(option.id);
        const disabled = !option.available || (full && !checked);
        return (
          <label
            key={option.id}
            className="flex min-h-11 cursor-pointer items-center gap-3 has-disabled:cursor-not-allowed has-disabled:opacity-70"
          >
            <input
              type={radio ? 'radio' : 'checkbox'}
              name={`group-${scope}${group.id}`}
              className={
                radio ? 'radio radio-sm border-base-content/60' : 'checkbox checkbox-sm border-base-content/60'
              }
              value={option.id}
              checked={checked}
              disabled={disabled}
              onChange={(e) => onToggle(group, option.id, e.target.checked)}
            />
            <span className="flex-1">
              <span lang={fallbackLang(option, 'name', langs)}>{option.name}</span>
              {!option.available && words.optionSoldOut}
              {option.allergens && option.allergens.length > 0 && (
                <span className="text-sm text-base-content/80">
                  {words.optionContains({ allergens: allergenList(option.allergens) })}
                </span>
              )}
            </span>
            {option.priceDelta !== 0 && (
              <span className="tabular-nums text-sm">
                {option.priceDelta > 0 ? '+' : '−'}
                {money(Math.abs(option.priceDelta))}
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
