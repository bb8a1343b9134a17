import { vi } from 'vitest';
import { slowdown } from './slowdown.mjs';

/**
 * `vi.waitFor` with its default limit (1 s) stretched like the runner's own timeouts: on a machine
 * busy with the rest of `npm test`, a React render can take longer than a second. A limit given
 * stays as it is.
 */
export const waitFor: typeof vi.waitFor = (callback, options) =>
  vi.waitFor(
    callback,
    typeof options === 'number' ? { timeout: options } : { timeout: 1_000 * slowdown(), ...options },
  );
