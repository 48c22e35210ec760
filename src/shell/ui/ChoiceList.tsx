/**
 * A set menu's chosen dishes listed under its line (docs/rules.md#set-menus-and-availability): the
 * carts, the rounds, the order page and the bill show the set as one line with these under it,
 * without prices.
 */

/** «Entrecot (Al punto)»: a chosen dish with its options, as a line lists it. */
export function choiceText(choice: { name: string; options: readonly { name: string }[] }): string {
  return choice.options.length ? `${choice.name} (${choice.options.map((o) => o.name).join(', ')})` : choice.name;
}

export function ChoiceList({
  label,
  names,
  className = '',
}: {
  label: string;
  names: readonly string[];
  className?: string;
}) {
  if (names.length === 0) return null;
  return (
    <ul className={`text-sm text-base-content/80 ${className}`} aria-label={label} data-testid="line-choices">
      {names.map((name, i) => (
        <li key={i}>{name}</li>
      ))}
    </ul>
  );
}
