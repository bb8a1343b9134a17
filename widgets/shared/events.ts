import { useCallback, useRef } from 'react';

type DetailOf<K extends keyof GlobalEventHandlersEventMap> =
  GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never;

/**
 * Dispatches our public events from inside the shadow root. They are composed, so a
 * listener on the host element receives them with `event.target` retargeted to the host.
 */
export function useEmit<E extends Element = HTMLDivElement>() {
  const ref = useRef<E>(null);
  const emit = useCallback(<K extends keyof GlobalEventHandlersEventMap>(type: K, detail: DetailOf<K>) => {
    ref.current?.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }, []);
  return [ref, emit] as const;
}
