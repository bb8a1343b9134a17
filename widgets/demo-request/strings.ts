import type { Lang, Widen } from '../lib/lang';
import { DEMO_REQUEST_SHELL } from './shell-strings';

const DEMO_REQUEST_EN = {
  // With `embed` on a page that is not one of its origins, or a paused or unknown embed (#54): nothing is sent.
  notSetUp: "This form isn't set up for this page yet.",
  phoneLoadingPlaceholder: 'Loading phone input…',
  phoneLoadError: 'The phone field could not load.',
  sendingOtp: 'Sending…',
  codeSent: ({ phone }: { phone: string }) => `Code sent to ${phone}`,
  otpLabel: 'OTP',
  otpPlaceholder: 'Enter the OTP',
  verify: 'Verify',
  checking: 'Checking…',
  // Enter in the phone field while it holds no number (#55).
  phoneMissing: 'Enter your phone number, then press Get OTP.',
  // Said where the verified mark appears, while the code is checked (a whole code checks itself, #55).
  checkingCode: 'Checking your code…',
  resendIn: ({ seconds }: { seconds: number }) => `Send a new code in ${seconds} s`,
  resend: 'Send a new code',
  verified: 'Phone number verified',
  requesting: 'Requesting your call…',
  demoThanks: ({ agent }: { agent: string }) => `Thanks! Your request for the ${agent} demo is in.`,
  // The confirmation, one sentence for each answer of the service (`call`), #21.
  callPlaced: ({ phone }: { phone: string }) => `We're calling you now on ${phone}.`,
  callScheduled: ({ when, phone }: { when: string; phone: string }) => `We'll call you at ${when} on ${phone}.`,
  callWhen: {
    today: ({ time }: { time: string }) => `${time} today`,
    tomorrow: ({ time }: { time: string }) => `${time} tomorrow`,
    later: ({ time, date }: { time: string; date: string }) => `${time} on ${date}`,
    yesterday: ({ time }: { time: string }) => `${time} yesterday`,
  },
  callRetrying: ({ phone }: { phone: string }) => `Our line is busy; we'll call you within the hour on ${phone}.`,
  // No promise of a call: it could not be placed (a do-not-call list, say), a person follows up.
  callFailed: "We couldn't place the call. Our team has your request and will get in touch.",
  // Calls are not set up: a person follows up, no call is promised (#34).
  callNotConfigured: ({ name, phone }: { name: string; phone: string }) =>
    `Thanks, ${name}! Someone from our team will get in touch with you on ${phone}.`,
  // A repeat request (within 24 h) hears what already happened to the first one, or will (#34).
  duplicate: 'You already asked for this demo.',
  duplicateCalled: ({ when, phone }: { when: string; phone: string }) => `We called you at ${when} on ${phone}.`,
  duplicatePlaced: ({ phone }: { phone: string }) => `We have called you on ${phone}.`,
  duplicateRetrying: ({ phone }: { phone: string }) => `We're still trying to reach you on ${phone}.`,
  duplicateNotConfigured: ({ phone }: { phone: string }) =>
    `Someone from our team will get in touch with you on ${phone}.`,
  // The service's refusals the widget words itself (#22); other codes show the service's message.
  refusals: {
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
  },
  challengeLoadError: 'The security check could not load. Reload the page to try again.',
  startOver: 'Request another demo',
  // The agent cards' one line once the request is in (#34).
  agentChosen: ({ agent }: { agent: string }) => `Demo agent: ${agent}`,
  outage: 'We could not reach our service. Check your connection and try again.',
  // A name longer than the service keeps, in the characters a person sees, said under the field as it is typed.
  nameTooLong: ({ limit }: { limit: string }) => `Your name must be at most ${limit} characters.`,
  stepShorterName: 'shorten your name',
  // A number typed from abroad, as the service says it (its `country-not-allowed`), before anything is sent.
  onlyIn: ({ countries }: { countries: string }) => `We can only send codes to numbers in ${countries} for now.`,
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
    phoneMissing: 'अपना फ़ोन नंबर डालें, फिर OTP पाएं दबाएं।',
    checkingCode: 'आपका कोड जांचा जा रहा है…',
    resendIn: ({ seconds }) => `${seconds} सेकंड बाद नया कोड भेजें`,
    resend: 'नया कोड भेजें',
    verified: 'फ़ोन नंबर वेरिफ़ाई हो गया',
    requesting: 'आपकी कॉल का अनुरोध भेजा जा रहा है…',
    demoThanks: ({ agent }) => `धन्यवाद! ${agent} डेमो के लिए आपका अनुरोध मिल गया है।`,
    callPlaced: ({ phone }) => `हम अभी आपको ${phone} पर कॉल कर रहे हैं।`,
    callScheduled: ({ when, phone }) => `हम आपको ${when} ${phone} पर कॉल करेंगे।`,
    callWhen: {
      today: ({ time }) => `आज ${time} बजे`,
      tomorrow: ({ time }) => `कल ${time} बजे`,
      later: ({ time, date }) => `${date} को ${time} बजे`,
      // "कल" is both yesterday and tomorrow: the verb's tense tells them apart.
      yesterday: ({ time }) => `कल ${time} बजे`,
    },
    callRetrying: ({ phone }) => `हमारी लाइन अभी व्यस्त है; हम एक घंटे के अंदर आपको ${phone} पर कॉल करेंगे।`,
    callFailed: 'हम कॉल नहीं कर सके। हमारी टीम को आपका अनुरोध मिल गया है और वह आपसे संपर्क करेगी।',
    callNotConfigured: ({ name, phone }) => `धन्यवाद, ${name}! हमारी टीम का कोई सदस्य ${phone} पर आपसे संपर्क करेगा।`,
    // Passive, like the consent: no verb agreeing with the visitor's gender.
    duplicate: 'इस डेमो के लिए आपका अनुरोध पहले ही मिल चुका है।',
    duplicateCalled: ({ when, phone }) => `हमने आपको ${when} ${phone} पर कॉल किया था।`,
    duplicatePlaced: ({ phone }) => `हमने आपको ${phone} पर कॉल किया है।`,
    duplicateRetrying: ({ phone }) => `हम अब भी आपको ${phone} पर कॉल करने की कोशिश कर रहे हैं।`,
    duplicateNotConfigured: ({ phone }) => `हमारी टीम का कोई सदस्य ${phone} पर आपसे संपर्क करेगा।`,
    refusals: {
      challenge: 'कृपया ऊपर दी गई जांच पूरी करें और फिर से कोशिश करें।',
      'otp-capacity': 'अभी हम बहुत ज़्यादा कोड भेज रहे हैं। कृपया कुछ मिनट बाद फिर से कोशिश करें।',
      'not-mobile': 'मोबाइल नंबर डालें: लैंडलाइन, टोल-फ़्री और प्रीमियम नंबरों पर कोड नहीं भेजे जा सकते।',
      'number-invalid': 'इस नंबर पर टेक्स्ट मैसेज नहीं आ सकते। नंबर जांचें और फिर से कोशिश करें।',
      'too-many-sends': 'इस नंबर पर बहुत ज़्यादा कोड भेजे जा चुके हैं। कृपया बाद में फिर से कोशिश करें।',
      'too-many-checks': 'इस कोड के लिए बहुत ज़्यादा कोशिशें हो चुकी हैं। नया कोड मंगाएं।',
      'number-blocked': 'हम इस नंबर पर कोड नहीं भेज सकते। कृपया कोई दूसरा नंबर इस्तेमाल करें।',
      'country-disabled': 'हम अभी इस देश में कोड नहीं भेज सकते।',
      'provider-busy': 'हमारी टेक्स्ट मैसेज सेवा अभी व्यस्त है। कृपया एक मिनट बाद फिर से कोशिश करें।',
      'code-used': 'यह कोड पहले ही इस्तेमाल हो चुका है। नंबर फिर से वेरिफ़ाई करने के लिए नया कोड मंगाएं।',
    },
    challengeLoadError: 'सुरक्षा जांच लोड नहीं हो सकी। फिर से कोशिश करने के लिए पेज रीलोड करें।',
    startOver: 'एक और डेमो का अनुरोध करें',
    agentChosen: ({ agent }) => `डेमो एजेंट: ${agent}`,
    outage: 'हम अपनी सेवा तक नहीं पहुंच सके। अपना इंटरनेट कनेक्शन जांचें और फिर से कोशिश करें।',
    nameTooLong: ({ limit }) => `नाम में ज़्यादा से ज़्यादा ${limit} अक्षर हो सकते हैं।`,
    stepShorterName: 'अपना नाम छोटा करें',
    onlyIn: ({ countries }) => `अभी हम सिर्फ़ ${countries} के नंबरों पर कोड भेज सकते हैं।`,
    notSetUp: 'यह फ़ॉर्म अभी इस पेज के लिए सेट नहीं किया गया है।',
    ...DEMO_REQUEST_SHELL.hi,
  },
} satisfies Record<Lang, DemoRequestStrings>;
