import { useEffect, useState } from 'react';

/** The header changes once the page is scrolled beyond 20 pixels. */
export const SCROLL_THRESHOLD = 20;

export function useScrolled(threshold = SCROLL_THRESHOLD): boolean {
  // Starts unscrolled, as the prerendered page does, so hydration matches; the effect then reads the real offset.
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    addEventListener('scroll', update, { passive: true });
    return () => removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
