// `simulate`: the demo played without a provider. A scripted call with the voice client's contract, which
// ends by itself after its last line, and scripted typed answers. Loaded only by a simulated card.
import type { Lang } from '../lib/lang';
import type { VoiceClient, VoiceClientEventMap, VoiceClientMessage } from './contract';

type Role = 'assistant' | 'user';

/** The call's lines, in turn: the agent, the visitor, the agent... The agent has the last word. */
const SCRIPT: Record<Lang, [Role, string][]> = {
  en: [
    ['assistant', 'Hi! I am the demo receptionist. How can I help you today?'],
    ['user', 'I would like to book a cleaning.'],
    ['assistant', 'Sure, I can book that for you. Which day suits you?'],
    ['user', 'Tuesday morning, please.'],
    ['assistant', 'Done: you are booked for Tuesday at ten. Goodbye!'],
  ],
  hi: [
    ['assistant', 'नमस्ते! मैं डेमो रिसेप्शनिस्ट हूं। मैं आपकी क्या मदद कर सकती हूं?'],
    ['user', 'मुझे सफ़ाई के लिए समय बुक करना है।'],
    ['assistant', 'ज़रूर, मैं बुक कर देती हूं। आपके लिए कौन-सा दिन ठीक रहेगा?'],
    ['user', 'मंगलवार सुबह, कृपया।'],
    ['assistant', 'हो गया: मंगलवार सुबह दस बजे आपकी बुकिंग पक्की है। नमस्ते!'],
  ],
};

/** The scripted agent's answer to typed words, the same in a call and in a typed conversation. */
export function scriptedAnswer(text: string, lang: Lang = 'en'): string {
  const words = text.trim().replace(/\s+/g, ' ');
  const quoted = words.length > 80 ? `${words.slice(0, 79)}…` : words;
  return lang === 'hi'
    ? `(सिम्युलेटेड जवाब) आपने लिखा: "${quoted}"। असली एजेंट यहां आपके सवाल का जवाब देगा।`
    : `(Simulated answer) You wrote: "${quoted}". A real agent would answer your question here.`;
}

/** Timing, in ms: shorter in tests. */
export interface ScriptTiming {
  connect: number;
  /** Per word, as the transcript grows. */
  word: number;
  /** Between one line's end and the next line's start. */
  pause: number;
}

const TIMING: ScriptTiming = { connect: 700, word: 140, pause: 500 };

/**
 * A call played from the script: `call-start`, each line as the provider's partial then final
 * transcripts (the agent's with its speech and volume), then `call-end` after the last line. Typed
 * words (`send`) get the scripted answer, spoken after the line under way.
 */
export function createScriptedCall(lang: Lang = 'en', timing: ScriptTiming = TIMING): VoiceClient {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  let timers: ReturnType<typeof setTimeout>[] = [];
  let live = false;
  /** When the lines already scheduled end: a typed answer goes after them, and so does the hang-up. */
  let free = 0;
  let started = 0;
  const emit = (event: keyof VoiceClientEventMap, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args);
  };
  const at = (ms: number, fn: () => void) => timers.push(setTimeout(fn, Math.max(0, ms - (Date.now() - started))));

  /** Schedules `text` from `from` ms after the start; returns when it ends. */
  const line = (from: number, role: Role, text: string): number => {
    const words = text.split(' ');
    if (role === 'assistant') at(from, () => emit('speech-start'));
    words.forEach((_, i) => {
      at(from + i * timing.word, () => {
        if (role === 'assistant') emit('volume-level', 0.35 + 0.55 * Math.abs(Math.sin(i / 2)));
        emit('message', {
          type: 'transcript',
          role,
          transcriptType: 'partial',
          transcript: words.slice(0, i + 1).join(' '),
        });
      });
    });
    const end = from + words.length * timing.word;
    at(end, () => {
      emit('message', { type: 'transcript', role, transcriptType: 'final', transcript: text });
      if (role === 'assistant') {
        emit('volume-level', 0);
        emit('speech-end');
      }
    });
    return end;
  };

  let hangUp: ReturnType<typeof setTimeout> | undefined;
  /** The call ends a pause after the last line scheduled (pushed back when a typed answer comes). */
  const endAfter = (ms: number) => {
    clearTimeout(hangUp);
    hangUp = setTimeout(() => stop(), Math.max(0, ms + timing.pause - (Date.now() - started)));
  };

  const stop = () => {
    if (!live) return;
    live = false;
    timers.forEach(clearTimeout);
    clearTimeout(hangUp);
    timers = [];
    emit('call-end');
  };

  return {
    async start() {
      timers.forEach(clearTimeout);
      timers = [];
      live = true;
      started = Date.now();
      at(timing.connect, () => emit('call-start'));
      free = timing.connect + timing.pause;
      for (const [role, text] of SCRIPT[lang]) free = line(free, role, text) + timing.pause;
      endAfter(free);
      return { id: 'simulated-call' };
    },
    stop,
    send(message: VoiceClientMessage) {
      if (!live || !message.triggerResponseEnabled) return;
      const now = Date.now() - started;
      // After the line under way, or at once when the script is over.
      free = line(Math.max(now + timing.pause, free), 'assistant', scriptedAnswer(message.message.content, lang));
      endAfter(free);
    },
    setMuted() {},
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener as (...args: unknown[]) => void);
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener as (...args: unknown[]) => void);
    },
  };
}

/** A typed turn's scripted answer, streamed word by word as the provider's chat streams it. */
export async function streamScripted(
  text: string,
  lang: Lang,
  onDelta: (delta: string) => void,
  signal?: AbortSignal,
  wordMs = 60,
): Promise<void> {
  const words = scriptedAnswer(text, lang).split(' ');
  for (const [i, word] of words.entries()) {
    await new Promise((resolve) => setTimeout(resolve, wordMs));
    if (signal?.aborted) return;
    onDelta(i ? ` ${word}` : word);
  }
}
