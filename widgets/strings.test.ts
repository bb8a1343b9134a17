import { afterEach, describe, expect, it, vi } from 'vitest';
import phoneLabelsEn from 'react-phone-number-input/locale/en.json';
import { MISSING_ASSISTANT } from './voice-demo/contract';
import { START_FAILED } from './voice-demo/useVoiceCall';
const FAILURE_BANNER = 'Failed to submit feedback. Please try again.';
import { OUTAGE } from './demo-request/lead-api';
import { LANGS, resolveLang } from './lib/lang';
import { DEMO_REQUEST_STRINGS } from './demo-request/strings';
import { FEEDBACK_STRINGS } from './feedback/strings';
import { VOICE_STRINGS } from './voice-demo/strings';
import { VOICE_TURNS_STRINGS } from './voice-demo/turn-strings';

// The agent cards as they shipped in English, pinned here as the tables above are.
const AGENTS = [
  {
    id: 'receptionist',
    title: 'AI Receptionist',
    description: 'Handles patient appointment bookings, queries and payments.',
  },
  {
    id: 'realEstate',
    title: 'AI Real-Estate Cold Caller',
    description: 'Engages leads, gathers requirements, qualifies leads.',
  },
  { id: 'supportHindi', title: 'AI Customer Support (Hindi)', description: 'Available in all regional languages.' },
  {
    id: 'supportEnglish',
    title: 'AI Customer Support (English)',
    description: 'Answers customer questions around the clock, in English.',
  },
] as const;

const PHONE = '+91 98765 43210';

// machine.ts exported these until the voice widget began reading its text from strings.ts; pinned
// here, as they shipped, so the move cannot change what an English visitor reads or hears.
const TOOLTIPS = {
  idle: 'Click to experience our AI agent',
  connecting: 'Connecting to AI agent...',
  listening: 'Click to end the call',
  speaking: 'AI agent is speaking...',
  error: 'Error connecting. Click to try again',
};
const BUTTON_LABELS = {
  idle: 'Start a voice call with our AI agent',
  connecting: 'Cancel connecting',
  listening: 'End the call',
  speaking: 'End the call',
  error: 'Try the voice call again',
};

// Latin-free arguments, so the Latin check below judges only our wording; a new message needs one here.
const SAMPLES: Record<string, object> = {
  'feedback.refused': { reason: 'ईमेल सही नहीं है।' },
  'demo-request.nameTooLong': { limit: '100' },
  'demo-request.onlyIn': { countries: 'भारत' },
  'feedback.counted': { count: '4,512', limit: '5,000' },
  'feedback.tooLong.name': { limit: '200' },
  'feedback.tooLong.email': { limit: '254' },
  'feedback.tooLong.message': { count: '5,001', limit: '5,000' },
  'demo-request.codeSent': { phone: PHONE },
  'demo-request.resendIn': { seconds: 42 },
  'demo-request.consent': { brand: 'विस्तार' },
  'demo-request.missingSteps': { steps: ['पहला', 'दूसरा', 'तीसरा'] },
  'demo-request.demoThanks': { agent: AGENTS[0]!.title },
  'demo-request.callPlaced': { phone: PHONE },
  'demo-request.callScheduled': { when: 'कल सुबह 9:00 बजे', phone: PHONE },
  'demo-request.callWhen.today': { time: 'सुबह 9:00' },
  'demo-request.callWhen.tomorrow': { time: 'सुबह 9:00' },
  'demo-request.callWhen.later': { time: 'सुबह 9:00', date: 'मंगलवार, 4 मार्च' },
  'demo-request.callRetrying': { phone: PHONE },
  'demo-request.callNotConfigured': { name: 'आशा', phone: PHONE },
  'demo-request.callWhen.yesterday': { time: 'सुबह 10:42' },
  'demo-request.duplicateCalled': { when: 'आज सुबह 10:42 बजे', phone: PHONE },
  'demo-request.duplicatePlaced': { phone: PHONE },
  'demo-request.agentChosen': { agent: 'AI Receptionist' },
  'voice.labelled': { label: 'रिसेप्शनिस्ट', action: 'वॉइस कॉल शुरू करें' },
  'voice.launcherInCall': { name: 'हमारे एआई एजेंट से बात करें' },
  'voice.toolUsed': { tool: 'अगला खाली समय देखा' },
  'voice.toolNotDone': { tool: 'अगला खाली समय देखा' },
  'voice-turns.queued': { text: 'कल सुबह?' },
  'demo-request.duplicateRetrying': { phone: PHONE },
  'demo-request.duplicateNotConfigured': { phone: PHONE },
};

const TABLES = {
  voice: VOICE_STRINGS,
  'voice-turns': VOICE_TURNS_STRINGS,
  feedback: FEEDBACK_STRINGS,
  'demo-request': DEMO_REQUEST_STRINGS,
};

type Leaf = string | ((args: never) => string);
type Tree = { readonly [key: string]: Leaf | Tree };

function leaves(tree: Tree, prefix: string): [string, Leaf][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' ? leaves(value, `${prefix}.${key}`) : [[`${prefix}.${key}`, value] as [string, Leaf]],
  );
}

// Keys at every depth: a missing tooltip or agent description must fail too.
const shape = (tree: Tree): unknown =>
  Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, typeof v === 'object' ? shape(v) : typeof v]));

// Names stay as they are in every language (an attribute is written as the page's HTML writes it).
const ALLOWED_LATIN = [...AGENTS.map((agent) => agent.title), 'OTP', 'public-key', 'assistant-id'];
const withoutNames = (text: string) => ALLOWED_LATIN.reduce((rest, name) => rest.split(name).join(''), text);

describe.each(Object.entries(TABLES))('%s strings', (widget, table) => {
  const en = leaves(table.en as Tree, widget);
  const hi = new Map(leaves(table.hi as Tree, widget));

  it('has a table for every language', () => {
    expect(Object.keys(table).sort()).toEqual([...LANGS].sort());
  });

  it('gives Hindi exactly the English keys, at every depth', () => {
    expect(shape(table.hi as Tree)).toEqual(shape(table.en as Tree));
  });

  it.each(en.filter(([, v]) => typeof v === 'function'))(
    '%s takes the same arguments in Hindi and uses them',
    (path, enFn) => {
      const hiFn = hi.get(path) as (args: object) => string;
      const args = SAMPLES[path];
      expect(args, `add sample arguments for ${path}`).toBeDefined();
      expect(hiFn.length).toBe(enFn.length);
      for (const fn of [enFn as (args: object) => string, hiFn]) {
        const text = fn(args!);
        expect(text.trim()).not.toBe('');
        for (const value of Object.values(args!).flat()) expect(text).toContain(String(value));
      }
    },
  );

  it.each([...hi])('%s is Hindi: Devanagari, no Latin letters but names', (path, value) => {
    const text = typeof value === 'function' ? (value as (args: object) => string)(SAMPLES[path]!) : value;
    expect(text.trim()).not.toBe('');
    expect(withoutNames(text)).not.toMatch(/[A-Za-z]/);
    if (withoutNames(text).trim()) expect(text).toMatch(/[\u0900-\u097F]/);
  });
});

describe('English strings are the widgets’ current ones', () => {
  const voice = VOICE_STRINGS.en;
  const feedback = FEEDBACK_STRINGS.en;
  const demo = DEMO_REQUEST_STRINGS.en;

  it('voice demo', () => {
    // The typed conversation's states came later; the call's words are as they shipped.
    expect(voice.tooltips).toMatchObject(TOOLTIPS);
    expect(voice.buttonLabels).toMatchObject(BUTTON_LABELS);
    expect(voice.micTimeout).toBe(TOOLTIPS.error);
    expect(voice.startFailed).toBe(START_FAILED);
    expect(voice.missingAssistant).toBe(MISSING_ASSISTANT);
  });

  it('feedback', () => {
    expect(feedback.failureBanner).toBe(FAILURE_BANNER);
    // A refusal is not an outage: no "try again", which would not help.
    expect(feedback.refused({ reason: 'Too many requests from this address.' })).toBe(
      'Your feedback was not sent. Too many requests from this address.',
    );
    expect(feedback.counted({ count: '4,500', limit: '5,000' })).toBe('4,500 of 5,000 characters');
    expect(feedback.tooLong.message({ count: '5,001', limit: '5,000' })).toBe(
      'Your feedback must be at most 5,000 characters; it has 5,001. Shorten it to send it.',
    );
  });

  it('demo request', () => {
    expect(demo.outage).toBe(OUTAGE);
    const consent = (from: string) =>
      `I agree to receive messages, including automated calls and AI-powered demo calls, from ${from} at the contact information provided.`;
    for (const brand of [undefined, '', '   ']) expect(demo.consent({ brand })).toBe(consent('us'));
    expect(demo.consent({ brand: '  Acme Health ' })).toBe(consent('Acme Health services'));
    for (const agent of AGENTS) {
      expect(demo.agentTitles[agent.id]).toBe(agent.title);
      expect(demo.agentDescriptions[agent.id]).toBe(agent.description);
    }
    expect(Object.keys(demo.agentTitles)).toEqual(AGENTS.map((agent) => agent.id));
    expect([demo.stepAgent, demo.stepName, demo.stepPhone, demo.stepConsent]).toEqual([
      'choose an agent',
      'enter your name',
      'verify your phone number',
      'tick the consent box',
    ]);
    expect(demo.missingSteps({ steps: [demo.stepConsent] })).toBe('To get a call, tick the consent box.');
    expect(demo.missingSteps({ steps: [demo.stepAgent, demo.stepName, demo.stepPhone, demo.stepConsent] })).toBe(
      'To get a call, choose an agent, enter your name, verify your phone number and tick the consent box.',
    );
    expect(demo.phoneCountryLabel).toBe(phoneLabelsEn.country);
  });

  it('demo request confirmations and refusals (#21, #22)', () => {
    expect(demo.callPlaced({ phone: PHONE })).toBe(`We're calling you now on ${PHONE}.`);
    expect(demo.callScheduled({ when: demo.callWhen.tomorrow({ time: '9:00 am' }), phone: PHONE })).toBe(
      `We'll call you at 9:00 am tomorrow on ${PHONE}.`,
    );
    expect(demo.callRetrying({ phone: PHONE })).toBe(`Our line is busy; we'll call you within the hour on ${PHONE}.`);
    expect(demo.callFailed).toBe("We couldn't place the call. Our team has your request and will get in touch.");
    expect(demo.callNotConfigured({ name: 'Asha', phone: PHONE })).toBe(
      `Thanks, Asha! Someone from our team will get in touch with you on ${PHONE}.`,
    );
    expect(demo.refusals).toEqual({
      challenge: 'Please complete the check above and try again.',
      'otp-capacity': "We're sending too many codes right now. Please try again in a few minutes.",
      'not-mobile': "Enter a mobile number: landlines, toll-free and premium numbers can't receive codes.",
      'number-invalid': "This number can't receive text messages. Check it and try again.",
      'too-many-sends': 'Too many codes were sent to this number. Please try again later.',
      'too-many-checks': 'Too many tries for this code. Ask for a new one.',
      'number-blocked': "We can't send codes to this number. Please use another number.",
      'country-disabled': "We can't send codes to this country yet.",
      'provider-busy': 'Our text message service is busy. Please try again in a minute.',
      'code-used': 'This code was already used. Ask for a new one to verify the number again.',
    });
  });
});

describe('Hindi messages built from values', () => {
  const hi = DEMO_REQUEST_STRINGS.hi;

  it('says "from us" when brand-name is missing or blank, and names the brand otherwise', () => {
    for (const brand of [undefined, '', '   ']) {
      expect(hi.consent({ brand })).toContain('पर हमारी ओर से');
      expect(hi.consent({ brand })).not.toContain('सेवाओं');
    }
    expect(hi.consent({ brand: ' Acme ' })).toContain('Acme सेवाओं');
  });

  it("names the Get OTP button as it reads, in Enter's words for a field with no number (#55)", () => {
    expect(DEMO_REQUEST_STRINGS.en.phoneMissing).toBe('Enter your phone number, then press Get OTP.');
    expect(DEMO_REQUEST_STRINGS.en.checkingCode).toBe('Checking your code…');
    for (const t of [DEMO_REQUEST_STRINGS.en, hi]) expect(t.phoneMissing).toContain(t.getOtp);
  });

  it('lists the missing steps with "और"', () => {
    expect(hi.missingSteps({ steps: [hi.stepAgent] })).toBe('कॉल पाने के लिए एजेंट चुनें।');
    expect(hi.missingSteps({ steps: [hi.stepAgent, hi.stepName, hi.stepPhone] })).toBe(
      'कॉल पाने के लिए एजेंट चुनें, अपना नाम लिखें और अपना फ़ोन नंबर वेरिफ़ाई करें।',
    );
  });
});

interface Fake {
  getAttribute(name: string): string | null;
  parentElement: Fake | null;
  getRootNode(): unknown;
}

// Only what resolveLang touches; `root` stands for a shadow root, which has a `host`.
function fake(lang: string | null, parentElement: Fake | null = null, root?: { host: Fake }): Fake {
  const node: Fake = {
    getAttribute: (name) => (name === 'lang' ? lang : null),
    parentElement,
    getRootNode: () => root ?? topOf(node),
  };
  return node;
}
const topOf = (node: Fake): Fake => (node.parentElement ? topOf(node.parentElement) : node);
const resolve = (node: Fake) => resolveLang(node as unknown as Element);

describe('resolveLang', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['hi', 'hi'],
    ['hi-IN', 'hi'],
    ['HI', 'hi'],
    ['hi_IN', 'hi'],
    [' hi-in ', 'hi'],
    ['en', 'en'],
    ['en-IN', 'en'],
    ['hin', 'en'],
    ['fr', 'en'],
    ['', 'en'],
  ])('reads lang="%s" on the element as %s', (lang, expected) => {
    expect(resolve(fake(lang))).toBe(expected);
  });

  it('takes the nearest ancestor with a lang', () => {
    expect(resolve(fake(null, fake(null, fake('hi-IN'))))).toBe('hi');
    expect(resolve(fake(null, fake('en', fake('hi'))))).toBe('en');
    expect(resolve(fake('hi', fake('en')))).toBe('hi');
  });

  it('stops at an empty lang, which HTML reads as an unknown language', () => {
    expect(resolve(fake(null, fake('', fake('hi'))))).toBe('en');
  });

  it('walks out of shadow roots through their hosts', () => {
    const host = fake(null, fake('hi'));
    const inner = fake(null, fake(null, null, { host }), { host });
    expect(resolve(inner)).toBe('hi');
    // Two shadow levels: a widget inside another component's shadow tree.
    const innerHost = fake(null, null, { host });
    expect(resolve(fake(null, null, { host: innerHost }))).toBe('hi');
  });

  it('falls back to English in Node, where there is no document', () => {
    expect(typeof document).toBe('undefined');
    expect(resolve(fake(null, fake(null)))).toBe('en');
    expect(resolveLang({ getAttribute: () => null, parentElement: null } as unknown as Element)).toBe('en');
  });

  it("falls back to the document's lang", () => {
    vi.stubGlobal('document', { documentElement: { lang: 'hi-IN' } });
    expect(resolve(fake(null, fake(null)))).toBe('hi');
    vi.stubGlobal('document', { documentElement: { lang: '' } });
    expect(resolve(fake(null))).toBe('en');
    vi.stubGlobal('document', {});
    expect(resolve(fake(null))).toBe('en');
  });
});

describe('the agents', () => {
  it('are named as the model names them, in every language', async () => {
    const { AGENT_TITLES } = await import('../model/agents');
    const { DEMO_REQUEST_SHELL } = await import('./demo-request/shell-strings');
    for (const lang of LANGS) expect(DEMO_REQUEST_SHELL[lang].agentTitles).toEqual(AGENT_TITLES);
  });
});
