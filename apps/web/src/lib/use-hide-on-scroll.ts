import { useEffect, useState } from 'react';

/**
 * True while the page is being scrolled down past `threshold` pixels; false again as soon as
 * it scrolls up (or back above the threshold). A page already scrolled down past it when the
 * hook starts (scrolled before hydration, or restored on reload) counts as scrolled down.
 */
export function useHideOnScroll(threshold: number): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let lastY = 0;
    const onScroll = () => {
      const y = window.scrollY;
      if (y <= threshold) setHidden(false);
      else if (y > lastY) setHidden(true);
      else if (y < lastY) setHidden(false);
      lastY = y;
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return hidden;
}
