import { useEffect, type RefObject } from 'react';

/**
 * A field reached by the keyboard (or focused because of an error) never ends up under the
 * sticky publish bar or the sticky site header: the page's scroll padding follows their
 * heights (the bar grows when it wraps on a phone or shows «Deshacer»).
 */
export function useStickyScrollPadding(bar: RefObject<HTMLElement | null>, ready: boolean) {
  useEffect(() => {
    const el = bar.current;
    if (!ready || !el) return;
    const root = document.documentElement;
    const header = document.querySelector<HTMLElement>('body > header');
    const GAP = 8;
    const update = () => {
      root.style.scrollPaddingTop = `${(header?.offsetHeight ?? 0) + GAP}px`;
      root.style.scrollPaddingBottom = `${el.offsetHeight + GAP}px`;
    };
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (header) observer.observe(header);
    update();
    // Chromium reveals a focused textarea by its caret line only: a field left half under a
    // bar comes out whole (one far away is being scrolled to by the browser or the editor).
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || el.contains(target)) return;
      requestAnimationFrame(() => {
        const box = target.getBoundingClientRect();
        const barTop = el.getBoundingClientRect().top;
        const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
        if ((box.top < barTop && box.bottom > barTop) || (box.top < headerBottom && box.bottom > headerBottom))
          target.scrollIntoView({ block: 'nearest' });
      });
    };
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('focusin', onFocus);
      observer.disconnect();
      root.style.scrollPaddingTop = '';
      root.style.scrollPaddingBottom = '';
    };
  }, [bar, ready]);
}
