/**
 * An mdi icon as inline SVG. Decorative unless `label` is given (then role="img"). With `symbol`,
 * the drawing is a `<use>` of a symbol the page defines once (`IconSprite`): a long menu repeats
 * the same few allergen and diet icons hundreds of times.
 */
export function Icon({
  path,
  label,
  className = 'size-5',
  symbol,
}: {
  path: string;
  label?: string;
  className?: string;
  symbol?: string;
}) {
  if (symbol) {
    // The symbol brings its viewBox and fill; a labelled one is named by its <title> (also the
    // tooltip), as few bytes as possible since a long menu repeats it hundreds of times.
    const use = <use href={`#${symbol}`} />;
    return label ? (
      <svg className={className} role="img">
        <title>{label}</title>
        {use}
      </svg>
    ) : (
      <svg className={className} aria-hidden="true">
        {use}
      </svg>
    );
  }
  return label ? (
    <svg viewBox="0 0 24 24" className={className} role="img" aria-label={label} fill="currentColor">
      <title>{label}</title>
      <path d={path} />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false" fill="currentColor">
      <path d={path} />
    </svg>
  );
}

/** The symbols `Icon` uses by id, defined once per page (hidden, outside the accessibility tree). */
export function IconSprite({ symbols }: { symbols: ReadonlyArray<{ id: string; path: string }> }) {
  if (symbols.length === 0) return null;
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute">
      {symbols.map(({ id, path }) => (
        <symbol key={id} id={id} viewBox="0 0 24 24" fill="currentColor">
          <path d={path} />
        </symbol>
      ))}
    </svg>
  );
}
