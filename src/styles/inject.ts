/**
 * Adds a stylesheet to the page once, from a lazily loaded module: styles only some
 * screens need arrive with their code, before they render, and stay off first visits.
 */
export function injectStyles(id: string, css: string): void {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.append(style);
}
