import { useEffect, useState, type RefObject } from 'react';
import { serviceCountries } from './lead-api';

/** One question per service, whatever the number of forms on the page. */
const asked = new Map<string, Promise<string[] | null>>();

/** The countries the service sends codes to, once it has said (null before, without a service, or if it does not say). */
export function useServiceCountries(backendUrl: string | undefined): string[] | null {
  const [answer, setAnswer] = useState<{ url: string; countries: string[] | null } | null>(null);
  useEffect(() => {
    if (!backendUrl) return;
    let current = true;
    if (!asked.has(backendUrl)) asked.set(backendUrl, serviceCountries(backendUrl));
    void asked.get(backendUrl)!.then((countries) => current && setAnswer({ url: backendUrl, countries }));
    return () => {
      current = false;
    };
  }, [backendUrl]);
  return backendUrl && answer?.url === backendUrl ? answer.countries : null;
}

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
