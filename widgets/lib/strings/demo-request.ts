import type { Lang, Widen } from '../strings';
import { DEMO_REQUEST_SHELL } from './shells';

const DEMO_REQUEST_EN = {
  phoneLoadingPlaceholder: 'Loading phone input…',
  phoneLoadError: 'The phone field could not load.',
  sendingOtp: 'Sending…',
  codeSent: ({ phone }: { phone: string }) => `Code sent to ${phone}`,
  otpLabel: 'OTP',
  otpPlaceholder: 'Enter the OTP',
  verify: 'Verify',
  checking: 'Checking…',
  resendIn: ({ seconds }: { seconds: number }) => `Send a new code in ${seconds} s`,
  resend: 'Send a new code',
  verified: 'Phone number verified',
  requesting: 'Requesting your call…',
  demoThanks: ({ agent }: { agent: string }) => `Thanks! Your request for the ${agent} demo is in.`,
  callingNow: ({ phone }: { phone: string }) => `We're calling you now on ${phone}.`,
  callSoon: ({ name, phone }: { name: string; phone: string }) => `Thanks, ${name}! We'll call you shortly on ${phone}.`,
  startOver: 'Request another demo',
  outage: 'We could not reach our service. Check your connection and try again.',
  ...DEMO_REQUEST_SHELL.en,
};

/** Every text `<ai-demo-request>` shows or announces, in one language. */
export type DemoRequestStrings = Widen<typeof DEMO_REQUEST_EN>;

/** The demo request form's text in each language. */
export const DEMO_REQUEST_STRINGS = {
  en: DEMO_REQUEST_EN,
  hi: {
    phoneLoadingPlaceholder: 'फ़ोन नंबर फ़ील्ड लोड हो रहा है…',
    phoneLoadError: 'फ़ोन नंबर फ़ील्ड लोड नहीं हो सका।',
    sendingOtp: 'भेजा जा रहा है…',
    codeSent: ({ phone }) => `${phone} पर कोड भेजा गया`,
    otpLabel: 'OTP',
    otpPlaceholder: 'OTP डालें',
    verify: 'वेरिफ़ाई करें',
    checking: 'जांच हो रही है…',
    resendIn: ({ seconds }) => `${seconds} सेकंड बाद नया कोड भेजें`,
    resend: 'नया कोड भेजें',
    verified: 'फ़ोन नंबर वेरिफ़ाई हो गया',
    requesting: 'आपकी कॉल का अनुरोध भेजा जा रहा है…',
    demoThanks: ({ agent }) => `धन्यवाद! ${agent} डेमो के लिए आपका अनुरोध मिल गया है।`,
    callingNow: ({ phone }) => `हम अभी आपको ${phone} पर कॉल कर रहे हैं।`,
    callSoon: ({ name, phone }) => `धन्यवाद, ${name}! हम जल्द ही आपको ${phone} पर कॉल करेंगे।`,
    startOver: 'एक और डेमो का अनुरोध करें',
    outage: 'हम अपनी सेवा तक नहीं पहुंच सके। अपना इंटरनेट कनेक्शन जांचें और फिर से कोशिश करें।',
    ...DEMO_REQUEST_SHELL.hi,
  },
} satisfies Record<Lang, DemoRequestStrings>;
