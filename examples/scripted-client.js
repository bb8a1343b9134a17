// A voice client with the Vapi SDK's event contract that talks to no server.
// Pages use it to show the call states without a provider; the browser tests drive it.

/**
 * @param {{ autoplay?: boolean, connectMs?: number }} [options]
 *   `playTool(name, args)` plays a page tool call; what the widget tells the agent lands in `sent`.
 *   autoplay: connect, play a short scripted conversation and hang up by itself (for people);
 *   without it, the page (or a test) calls `emit` to drive every event.
 */
export function createScriptedClient({ autoplay = false, connectMs = 900 } = {}) {
  /** @type {Map<string, Set<(...args: unknown[]) => void>>} */
  const listeners = new Map();
  /** @type {ReturnType<typeof setTimeout>[]} */
  let timers = [];
  /** @type {string[]} */
  const calls = [];
  /** @type {unknown[]} */
  const sent = [];
  const emit = (/** @type {string} */ event, /** @type {unknown[]} */ ...args) => {
    for (const fn of [...(listeners.get(event) ?? [])]) fn(...args);
  };
  const later = (/** @type {number} */ ms, /** @type {() => void} */ fn) => timers.push(setTimeout(fn, ms));

  /** The provider's transcript messages: partial words as they come, then the final line. */
  const say = (/** @type {number} */ at, /** @type {'assistant' | 'user'} */ role, /** @type {string} */ text) => {
    const words = text.split(' ');
    words.forEach((_, i) =>
      later(at + i * 150, () =>
        emit('message', {
          type: 'transcript',
          role,
          transcriptType: 'partial',
          transcript: words.slice(0, i + 1).join(' '),
        }),
      ),
    );
    later(at + words.length * 150, () =>
      emit('message', { type: 'transcript', role, transcriptType: 'final', transcript: text }),
    );
  };
  const LINES = [
    'Hi! I am the demo receptionist. How can I help you today?',
    'Sure, I can book that for you. Which day suits you?',
    'Done: you are booked for Tuesday at ten.',
  ];
  const REPLIES = ['I would like to book a cleaning.', 'Tuesday morning, please.'];

  function play() {
    let t = connectMs;
    later(t, () => emit('call-start'));
    for (let turn = 0; turn < 3; turn++) {
      t += 1200;
      say(t, 'assistant', LINES[turn] ?? '');
      if (REPLIES[turn]) say(t + 2400, 'user', REPLIES[turn] ?? '');
      later(t, () => emit('speech-start'));
      for (let i = 0; i < 20; i++)
        later(t + i * 100, () => emit('volume-level', 0.3 + 0.6 * Math.abs(Math.sin(i / 2))));
      t += 2200;
      later(t, () => {
        emit('volume-level', 0);
        emit('speech-end');
      });
    }
    // The whole call ends by itself after its last line, as a real agent hangs up.
    later(t + 1500, () => end());
  }

  let live = false;
  /** The call's end, once: by itself after the script, or by `stop`. */
  function end() {
    timers.forEach(clearTimeout);
    timers = [];
    if (!live) return;
    live = false;
    emit('call-end');
  }

  return {
    /** Every `start` call's arguments, for tests. */
    calls,
    /** Every message `send` was given (typed words, what was typed before the call), for tests. */
    sent,
    /**
     * The SDK's `send`: a message added to the call. Typed words (`triggerResponseEnabled`) get a
     * spoken answer from the scripted agent, as the real one answers aloud.
     * @param {{ type: string, message: { role: string, content: string }, triggerResponseEnabled?: boolean }} message
     */
    send(message) {
      sent.push(message);
      if (autoplay && message.triggerResponseEnabled)
        say(300, 'assistant', `You wrote: ${message.message.content}. Happy to help with that.`);
    },
    emit,
    /**
     * Plays a client tool call as the provider sends one (`tool-calls`), for a tool with no server URL.
     * @param {string} name @param {unknown} [args] an object, or a JSON string as the provider may send
     */
    playTool(name, args = {}) {
      const id = `call-${sent.length}-${Math.random().toString(36).slice(2, 8)}`;
      emit('message', {
        type: 'tool-calls',
        toolCallList: [{ id, type: 'function', function: { name, arguments: args } }],
      });
    },
    /** @param {string} assistantId */
    start(assistantId) {
      calls.push(assistantId);
      live = true;
      if (autoplay) play();
      return Promise.resolve({ id: 'scripted-call' });
    },
    /** Whether the visitor's microphone is muted (the SDK's `setMuted`). */
    muted: false,
    /** @param {boolean} muted */
    setMuted(muted) {
      this.muted = muted;
    },
    stop() {
      end();
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
