// `simulate`: the demo played without a provider. A scripted call with the voice client's contract, which
// ends by itself after its goodbye, and scripted typed answers. Loaded only by a simulated card.
import type { Lang } from '../lib/lang';
import { scriptedAnswer } from './scripted-answers';
import type { VoiceClient, VoiceClientEventMap, VoiceClientMessage } from './contract';

type Role = 'assistant' | 'user';

/**
 * The agent's lines, said to the visitor: the visitor's own words are never made up (a simulated call hears
 * nothing). With a text field (`typing`), the agent asks for a typed question and waits for it; the call says
 * goodbye and ends by itself once nothing more is typed for a while.
 */
const SCRIPT: Record<Lang, { opening: string; typing: string; voice: string; goodbye: string }> = {
  en: {
    opening: 'Hello, thanks for calling! I am an AI receptionist, in a preview with scripted answers.',
    typing:
      'A real call would hear your voice. Here, type a question below, about prices, booking, languages or hours, and I will answer it.',
    voice: 'A real call would hear your voice and answer what you ask: bookings, prices and hours, in your language.',
    goodbye: 'Thanks for trying the preview. Goodbye!',
  },
  hi: {
    opening: 'नमस्ते, कॉल करने के लिए धन्यवाद! मैं एआई रिसेप्शनिस्ट हूं, पहले से लिखे जवाबों वाली एक झलक में।',
    typing: 'असली कॉल में मैं आपकी आवाज़ सुनती। यहां नीचे अपना सवाल लिखें, कीमत, बुकिंग, भाषा या समय के बारे में, और मैं जवाब दूंगी।',
    voice: 'असली कॉल में मैं आपकी आवाज़ सुनकर आपके सवालों का जवाब देती: बुकिंग, कीमत और समय, आपकी भाषा में।',
    goodbye: 'झलक आज़माने के लिए धन्यवाद। नमस्ते!',
  },
};

export { scriptedAnswer } from './scripted-answers';

let told = false;
/** The settings that make the demo real go to the developer's console, never on the card a visitor reads. */
function tellDeveloper() {
  if (told) return;
  told = true;
  console.info(
    '<ai-voice-demo simulate>: a scripted preview, nothing is sent. To talk to your own agent, remove simulate and set ' +
      "public-key to your Vapi public key and assistant-id to your assistant's id.",
  );
}

/** Timing, in ms: shorter in tests. */
export interface ScriptTiming {
  connect: number;
  /** Per word, as the transcript grows. */
  word: number;
  /** Between one line's end and the next line's start. */
  pause: number;
  /** After the agent's last words, how long the call waits for typed words before its goodbye. */
  linger: number;
}

const TIMING: ScriptTiming = { connect: 700, word: 140, pause: 500, linger: 10_000 };

/**
 * A call played from the script: `call-start`, each line as the provider's partial then final
 * transcripts (the agent's with its speech and volume), then `call-end` after the last line. Typed
 * words (`send`) get the scripted answer, spoken after the line under way.
 */
export function createScriptedCall(lang: Lang = 'en', timing: ScriptTiming = TIMING, typing = true): VoiceClient {
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
  let closing = false;
  /** The goodbye comes a while after the last line scheduled (pushed back when a typed answer comes), then the end. */
  const endAfter = (ms: number) => {
    clearTimeout(hangUp);
    const wait = typing ? timing.linger : timing.pause;
    hangUp = setTimeout(
      () => {
        closing = true;
        const now = Date.now() - started;
        at(line(now, 'assistant', SCRIPT[lang].goodbye) + timing.pause, stop);
      },
      Math.max(0, ms + wait - (Date.now() - started)),
    );
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
      tellDeveloper();
      timers.forEach(clearTimeout);
      timers = [];
      live = true;
      closing = false;
      started = Date.now();
      at(timing.connect, () => emit('call-start'));
      free = timing.connect + timing.pause;
      const script = SCRIPT[lang];
      for (const text of [script.opening, typing ? script.typing : script.voice])
        free = line(free, 'assistant', text) + timing.pause;
      endAfter(free);
      return { id: 'simulated-call' };
    },
    stop,
    send(message: VoiceClientMessage) {
      if (!live || closing || !message.triggerResponseEnabled) return;
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
  tellDeveloper();
  const words = scriptedAnswer(text, lang).split(' ');
  for (const [i, word] of words.entries()) {
    await new Promise((resolve) => setTimeout(resolve, wordMs));
    if (signal?.aborted) return;
    onDelta(i ? ` ${word}` : word);
  }
}
