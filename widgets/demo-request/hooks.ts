import { useEffect, type RefObject } from 'react';

/** Runs `then` once the element is on screen and the browser has a quiet moment. */
export function useWhenVisible(ref: RefObject<Element | null>, then: () => void): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') return void then();
    let idle: number | undefined;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      const whenIdle = globalThis.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
      idle = whenIdle(then, { timeout: 2000 }) as unknown as number;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (idle !== undefined) (globalThis.cancelIdleCallback ?? clearTimeout)(idle);
    };
  }, [ref, then]);
}
