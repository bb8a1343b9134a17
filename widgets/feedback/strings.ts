import type { Lang, Widen } from '../lib/lang';
import { FEEDBACK_SHELL } from './shell-strings';

const FAILURE_EN = 'Failed to submit feedback. Please try again.';

const FEEDBACK_EN = {
  ...FEEDBACK_SHELL.en,
  closeLabel: 'Close',
  // With `embed` on a page outside its origins, or a paused or unknown embed (#54): nothing is sent.
  notSetUp: "This form isn't set up for this page yet.",
  formTitle: 'Share Your Feedback',
  formLead: 'Tell us what works for you and what we could do better.',
  nameLabel: 'Name',
  namePlaceholder: 'Your name',
  emailLabel: 'Email',
  emailPlaceholder: 'you@company.com',
  messageLabel: 'Feedback',
  messagePlaceholder: 'What should we know?',
  submit: 'Submit Feedback',
  submitting: 'Submitting...',
  failureBanner: FAILURE_EN,
  // A refusal the form cannot place under a field, in the service's words (its own language); trying
  // the same again would not help, so no "try again" of ours. A field's refusal is its reason alone, under it.
  refused: ({ reason }: { reason: string }) => `Your feedback was not sent. ${reason}`,
  // How long the message is, once it nears the limit, as a screen reader says it (the eye reads "4,512 / 5,000").
  counted: ({ count, limit }: { count: string; limit: string }) => `${count} of ${limit} characters`,
  sentTitle: 'Thank You for Your Feedback!',
  sentLead: 'We read every message, and yours helps us make our agents better.',
  closeButton: 'Close',
  // Submit's own check, said under each field (#34), instead of the browser's bubbles.
  problems: {
    name: 'Enter your name.',
    email: 'Enter your email address.',
    emailFormat: 'Enter a whole email address, like name@example.com.',
    message: 'Write your feedback.',
  },
  // Submit's check of each length, in code points as the service counts.
  tooLong: {
    name: ({ limit }: { limit: string }) => `Your name must be at most ${limit} characters.`,
    email: ({ limit }: { limit: string }) => `Your email must be at most ${limit} characters.`,
    message: ({ limit, count }: { limit: string; count: string }) =>
      `Your feedback must be at most ${limit} characters; it has ${count}. Shorten it to send it.`,
  },
};

/** Every text `<ai-feedback>` shows or announces, in one language. */
export type FeedbackStrings = Widen<typeof FEEDBACK_EN>;

const FAILURE_HI = 'फ़ीडबैक नहीं भेजा जा सका। कृपया फिर से कोशिश करें।';

/** The feedback widget's text in each language. */
export const FEEDBACK_STRINGS = {
  en: FEEDBACK_EN,
  hi: {
    ...FEEDBACK_SHELL.hi,
    closeLabel: 'बंद करें',
    notSetUp: 'यह फ़ॉर्म अभी इस पेज के लिए सेट नहीं किया गया है।',
    formTitle: 'अपना फ़ीडबैक दें',
    formLead: 'हमें बताएं कि आपको क्या अच्छा लगा और हम क्या बेहतर कर सकते हैं।',
    nameLabel: 'नाम',
    namePlaceholder: 'आपका नाम',
    emailLabel: 'ईमेल',
    // An English sample address would be the one Latin text in the form; the field's type still checks the format.
    emailPlaceholder: 'आपका ईमेल पता',
    messageLabel: 'फ़ीडबैक',
    messagePlaceholder: 'हमें क्या जानना चाहिए?',
    submit: 'फ़ीडबैक भेजें',
    submitting: 'भेजा जा रहा है...',
    failureBanner: FAILURE_HI,
    refused: ({ reason }) => `आपका फ़ीडबैक नहीं भेजा गया। ${reason}`,
    counted: ({ count, limit }) => `${limit} में से ${count} अक्षर`,
    sentTitle: 'आपके फ़ीडबैक के लिए धन्यवाद!',
    sentLead: 'हम हर संदेश पढ़ते हैं, और आपका संदेश हमारे एजेंट्स को बेहतर बनाने में मदद करता है।',
    closeButton: 'बंद करें',
    problems: {
      name: 'अपना नाम लिखें।',
      email: 'अपना ईमेल पता लिखें।',
      emailFormat: 'पूरा ईमेल पता लिखें, जिसमें @ और डोमेन हो।',
      message: 'अपना फ़ीडबैक लिखें।',
    },
    tooLong: {
      name: ({ limit }) => `नाम में ज़्यादा से ज़्यादा ${limit} अक्षर हो सकते हैं।`,
      email: ({ limit }) => `ईमेल पते में ज़्यादा से ज़्यादा ${limit} अक्षर हो सकते हैं।`,
      message: ({ limit, count }) =>
        `फ़ीडबैक में ज़्यादा से ज़्यादा ${limit} अक्षर हो सकते हैं; इसमें ${count} हैं। भेजने के लिए इसे छोटा करें।`,
    },
  },
} satisfies Record<Lang, FeedbackStrings>;
