/** An mdi icon as inline SVG. Decorative unless `label` is given (then role="img"). */
export function Icon({ path, label, className = 'size-5' }: { path: string; label?: string; className?: string }) {
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
