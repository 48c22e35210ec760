/**
 * Leaving the menu editor with unsaved changes asks first (docs/rules.md#venue-self-service): the
 * browser asks on a reload or a closed tab; an in-app link asks with `UNSAVED_MESSAGE`.
 */
import { useEffect, useRef } from 'react';

export const UNSAVED_MESSAGE = 'Tienes cambios sin guardar. ¿Salir sin guardarlos?';

/** Guards the page while `dirty` is true (a new venue not yet published counts as unsaved). */
export function useUnsavedChanges(dirty: boolean): void {
  const current = useRef(false);
  useEffect(() => {
    current.current = dirty;
  }, [dirty]);
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (current.current) {
        e.preventDefault();
        e.returnValue = '';
      }
    };
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (!link || !current.current || e.defaultPrevented) return;
      if (!confirm(UNSAVED_MESSAGE)) {
        e.preventDefault();
        e.stopImmediatePropagation();
      } else current.current = false;
    };
    addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, []);
}
