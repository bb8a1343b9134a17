import { useLayoutEffect, type RefObject } from 'react';
import { adoptStyles } from '../elements/styles';

/**
 * Adopts CSS into the shadow root that holds `ref`, before the first paint. Components use
 * it for the CSS only they need, so that CSS travels in their own chunk.
 */
export function useShadowStyles(ref: RefObject<Element | null>, ...cssTexts: string[]): void {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (root instanceof ShadowRoot) adoptStyles(root, ...cssTexts);
    // The CSS of a component never changes: adopting once per mount is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
