import type { Lang, Widen } from '../lib/lang';

// The typed conversation's words that only React draws (an ended conversation, words waiting for an
// answer): kept apart from voice.ts, so the first paint does not carry them.
const VOICE_TURNS_EN = {
  // After End, over the log for a few seconds (the status text says the conversation ended and how to keep it).
  undo: 'Undo',
  // Words sent while an answer is arriving, shown until they go.
  queued: ({ text }: { text: string }) => `Sends after this answer: “${text}”`,
};

export type VoiceTurnsStrings = Widen<typeof VOICE_TURNS_EN>;

export const VOICE_TURNS_STRINGS = {
  en: VOICE_TURNS_EN,
  hi: {
    undo: 'वापस लाएं',
    queued: ({ text }) => `इस जवाब के बाद जाएगा: “${text}”`,
  },
} satisfies Record<Lang, VoiceTurnsStrings>;
