// How a widget's element reaches the React layer: one chunk (React, react-dom, the mounting code) that
// loads on demand. A failed load is not kept, so a retry fetches it anew.
import type { ReactLayer } from '../elements/renderer';

let chunk: Promise<ReactLayer> | undefined;

export const reactLayer = (): Promise<ReactLayer> =>
  (chunk ??= import('./react-root').catch((error: unknown) => {
    chunk = undefined;
    throw error;
  }));
