import type { Lang } from '../lib/lang';

// The gate's refusals (`backend-url`), apart from voice.ts: only React draws a failure, so the first paint never carries them.
const GATE_EN = {
  'demo-limit': 'The demo is busy right now. Try again in a few minutes.',
  'demo-budget': 'The demo is busy today. Ask for a call instead.',
  'demo-unavailable': "The demo isn't available on this page right now.",
  // With `embed` on a page outside its origins, or a paused or unknown embed (#54): nothing is asked.
  'demo-not-set-up': "This demo isn't set up for this page yet.",
  // `demo-limit` when the service says when a place frees (Retry-After).
  limitIn: (minutes: number) =>
    `The demo is busy right now. Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`,
};

/** What `<ai-voice-demo>` says when `POST {backend-url}/voice/session` refuses a call or a chat, in each language. */
export const VOICE_GATE_STRINGS = {
  en: GATE_EN,
  hi: {
    'demo-limit': 'डेमो अभी व्यस्त है। कुछ मिनट बाद फिर से कोशिश करें।',
    'demo-budget': 'डेमो आज व्यस्त है। इसके बजाय कॉल का अनुरोध करें।',
    'demo-unavailable': 'इस पेज पर डेमो अभी उपलब्ध नहीं है।',
    'demo-not-set-up': 'यह डेमो अभी इस पेज के लिए सेट नहीं किया गया है।',
    limitIn: (minutes: number) => `डेमो अभी व्यस्त है। ${minutes} मिनट बाद फिर से कोशिश करें।`,
  },
} satisfies Record<Lang, typeof GATE_EN>;
