/**
 * Text one person typed and others read: a name, a note, an address (docs/rules.md#limits-and-bad-input).
 * In a `<bdi>`, so its writing direction cannot reorder the words around it (an Arabic name in
 * «Añadido por …» stays where it is), and drawn inside a box of its own: a long word wraps
 * anywhere and whatever would draw outside the box (accents stacked over the line) is clipped,
 * a little room left for ordinary accents. The text itself is already cleaned (src/contract/text.ts).
 */
import type { ReactNode } from 'react';

/** Wraps anywhere and clips what would draw outside (a quarter of a letter of room around it). */
const CLIPPED = 'overflow-clip [overflow-clip-margin:0.25em] wrap-anywhere';

/** A person's name within a line of text: a box of its own that keeps the line's baseline. */
export function UserText({ children, testId }: { children: string; testId?: string }) {
  return (
    <bdi className={`inline-block max-w-full align-baseline ${CLIPPED}`} data-testid={testId}>
      {children}
    </bdi>
  );
}

/**
 * A note or an address, after its `label` (`Nota:`): the paragraph is the box, the text flows
 * on from the label and keeps its line breaks.
 */
export function UserNote({
  label,
  children,
  className = '',
  testId,
  as: Tag = 'p',
  lang,
}: {
  label?: ReactNode;
  children: string;
  /** The language the person wrote it in, when it is not the page's (a diner's note on the board). */
  lang?: string;
  className?: string;
  testId?: string;
  /** `span` inside phrasing content (shown as a block). */
  as?: 'p' | 'span';
}) {
  return (
    <Tag className={`${Tag === 'span' ? 'block' : ''} ${CLIPPED} ${className}`} data-testid={testId}>
      {label}
      {label ? ' ' : null}
      <bdi className="whitespace-pre-line" lang={lang}>
        {children}
      </bdi>
    </Tag>
  );
}

/**
 * A sentence with a person's name in it (`Mesa 3 · {name} pide la cuenta`), the name in a
 * `UserText`: `sentence` builds the text around a placeholder that no cleaned name contains.
 */
export function WithName({
  name,
  sentence,
  testId,
}: {
  name: string | undefined;
  sentence: (name: string | undefined) => string;
  testId?: string;
}) {
  if (!name) return <>{sentence(undefined)}</>;
  const [before = '', ...after] = sentence(PLACEHOLDER).split(PLACEHOLDER);
  return (
    <>
      {before}
      <UserText testId={testId}>{name}</UserText>
      {after.join(name)}
    </>
  );
}

/** A control character: cleaned text never has one. */
const PLACEHOLDER = '\u0000';

/** People's names as a Spanish list (`Ana, Luis y Marta`), each one in its `UserText`. */
export function NameList({ names, testId }: { names: readonly string[]; testId?: string }) {
  const parts = new Intl.ListFormat('es', { type: 'conjunction' }).formatToParts(names);
  return (
    <>
      {parts.map((part, i) =>
        part.type === 'element' ? (
          <UserText key={i} testId={testId}>
            {part.value}
          </UserText>
        ) : (
          part.value
        ),
      )}
    </>
  );
}
