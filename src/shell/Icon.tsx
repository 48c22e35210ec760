/** A Material Design Icon (path from `@mdi/js`) as inline SVG, for React islands. */
interface IconProps {
  path: string;
  label?: string;
  size?: number | string;
  className?: string;
}

export function Icon({ path, label, size = 24, className }: IconProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
