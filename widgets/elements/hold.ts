// What React's chunk waits for, for a widget that asks (`holdReact`): a press under way, then what it set going.

/** The longest React waits (a microphone prompt can take a visitor seconds to answer). */
export const HOLD_MS = 2000;

/** Settles when `hold` has (fulfilled or not), or after `HOLD_MS`. */
export function capped(hold: Promise<unknown> | void): Promise<unknown> | void {
  if (!hold) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise((resolve) => (timer = setTimeout(resolve, HOLD_MS)));
  return Promise.race([hold.catch(() => {}), cap]).finally(() => clearTimeout(timer));
}

/**
 * Settles once no press is under way on `container`: a finger or key still down on a control (a tap
 * lasts about 100 ms, longer than the SDK may take to arrive) has made its click, or let go (at most `HOLD_MS`).
 */
export async function pressMade(container: ShadowRoot, held: () => boolean): Promise<void> {
  // A task on: the pointerdown that brought us here has reached every listener (the renderer's notes `held`).
  await new Promise((resolve) => setTimeout(resolve));
  if (!held()) return;
  await new Promise<void>((resolve) => {
    const stop = new AbortController();
    // A task after the click: the shell's own listener has handled the press by then.
    const done = () => setTimeout(() => (stop.abort(), resolve()));
    for (const type of ['click', 'pointercancel'] as const)
      container.addEventListener(type, done, { signal: stop.signal });
    setTimeout(done, HOLD_MS);
  });
}
