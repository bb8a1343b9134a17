// A voice client with the Vapi SDK's event contract that talks to no server.
// Pages use it to show the call states without a provider; the browser tests drive it.

/**
 * @param {{ autoplay?: boolean, connectMs?: number }} [options]
 *   autoplay: connect and play a short scripted conversation by itself (for people);
 *   without it, the page (or a test) calls `emit` to drive every event.
 */
export function createScriptedClient({ autoplay = false, connectMs = 900 } = {}) {
  /** @type {Map<string, Set<(...args: unknown[]) => void>>} */
  const listeners = new Map();
  /** @type {ReturnType<typeof setTimeout>[]} */
  let timers = [];
  /** @type {string[]} */
  const calls = [];
  const emit = (/** @type {string} */ event, /** @type {unknown[]} */ ...args) => {
    for (const fn of [...(listeners.get(event) ?? [])]) fn(...args);
  };
  const later = (/** @type {number} */ ms, /** @type {() => void} */ fn) => timers.push(setTimeout(fn, ms));

  function play() {
    let t = connectMs;
    later(t, () => emit('call-start'));
    for (let turn = 0; turn < 3; turn++) {
      t += 1200;
      later(t, () => emit('speech-start'));
      for (let i = 0; i < 20; i++) later(t + i * 100, () => emit('volume-level', 0.3 + 0.6 * Math.abs(Math.sin(i / 2))));
      t += 2200;
      later(t, () => {
        emit('volume-level', 0);
        emit('speech-end');
      });
    }
  }

  return {
    /** Every `start` call's arguments, for tests. */
    calls,
    emit,
    /** @param {string} assistantId */
    start(assistantId) {
      calls.push(assistantId);
      if (autoplay) play();
      return Promise.resolve({ id: 'scripted-call' });
    },
    stop() {
      timers.forEach(clearTimeout);
      timers = [];
      emit('call-end');
    },
    /** @param {string} event @param {(...args: any[]) => void} fn */
    on(event, fn) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(fn);
    },
    /** @param {string} event @param {(...args: any[]) => void} fn */
    off(event, fn) {
      listeners.get(event)?.delete(fn);
    },
  };
}
