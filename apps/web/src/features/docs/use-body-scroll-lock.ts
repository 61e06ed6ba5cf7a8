import { useEffect } from 'react';

let locks = 0;

/** Locks body scrolling while `active` (SPEC §4: while a modal or drawer is open). */
export function useBodyScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    locks++;
    document.body.style.overflow = 'hidden';
    return () => {
      locks--;
      if (locks === 0) document.body.style.overflow = '';
    };
  }, [active]);
}
