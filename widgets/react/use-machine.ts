import { useCallback, useRef, useState } from 'react';

type DetailOf<K extends keyof GlobalEventHandlersEventMap> =
  GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never;

/** A public event for the page: its type and detail. */
export type PageEvent = {
  [K in keyof GlobalEventHandlersEventMap]: [K, DetailOf<K>];
}[keyof GlobalEventHandlersEventMap];

/**
 * A widget's reducer with its public events fired at the transition, from this one place:
 * `dispatch` computes the next state at once, so handlers can read it (`current()`), and
 * `eventsOf(from, to)` names the events the change means. Events are composed and bubble, so a
 * listener on the host element receives them with `event.target` retargeted to the host.
 */
export function useMachine<S, A, E extends Element = HTMLDivElement>(
  reducer: (state: S, action: A) => S,
  initial: S,
  eventsOf: (from: S, to: S) => readonly (readonly [string, unknown])[],
) {
  const [state, setState] = useState(initial);
  const current = useRef(initial);
  const ref = useRef<E>(null);
  const dispatch = useCallback((action: A): S => {
    const from = current.current;
    const to = reducer(from, action);
    if (to === from) return from;
    current.current = to;
    setState(to);
    for (const [type, detail] of eventsOf(from, to)) {
      ref.current?.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    }
    return to;
    // The reducer and the event map are module-level functions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const read = useCallback(() => current.current, []);
  return { state, dispatch, current: read, ref };
}
