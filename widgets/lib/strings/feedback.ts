import type { Lang, Widen } from '../strings';
import { FEEDBACK_SHELL } from './feedback-shell';

const FAILURE_EN = 'Failed to submit feedback. Please try again.';

const FEEDBACK_EN = {
  ...FEEDBACK_SHELL.en,
  closeLabel: 'Close',
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
  // The service's reason arrives in its own language; only the sentence before it is ours.
  refused: ({ reason }: { reason: string }) => `${FAILURE_EN} ${reason}`,
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
    refused: ({ reason }) => `${FAILURE_HI} ${reason}`,
    sentTitle: 'आपके फ़ीडबैक के लिए धन्यवाद!',
    sentLead: 'हम हर संदेश पढ़ते हैं, और आपका संदेश हमारे एजेंट्स को बेहतर बनाने में मदद करता है।',
    closeButton: 'बंद करें',
    problems: {
      name: 'अपना नाम लिखें।',
      email: 'अपना ईमेल पता लिखें।',
      emailFormat: 'पूरा ईमेल पता लिखें, जिसमें @ और डोमेन हो।',
      message: 'अपना फ़ीडबैक लिखें।',
    },
  },
} satisfies Record<Lang, FeedbackStrings>;
