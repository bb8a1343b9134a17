// The consent sentences a lead may carry: without CONSENT_TEXTS_FILE, the demo form's own default
// sentences for the configured brand, in each language the form speaks (a test keeps them equal to
// the widget's).

/**
 * The form's own sentence in each language it speaks, naming `b`'s services, or "us" when there is no
 * brand: on a partner's page "our services" named no one.
 */
export const consentSentences = (b: string) => ({
  en: `I agree to receive messages, including automated calls and AI-powered demo calls, from ${b ? `${b} services` : 'us'} at the contact information provided.`,
  hi: `मैं सहमत हूँ कि मेरी दी हुई संपर्क जानकारी पर ${b ? `${b} सेवाओं की` : 'हमारी'} ओर से मुझे संदेश भेजे जा सकते हैं, जिनमें ऑटोमेटेड कॉल और एआई से चलने वाली डेमो कॉल भी शामिल हैं।`,
});

/**
 * The sentences forms without a `brand-name` showed before they said "us" ("from our services"):
 * still accepted, as the proof of what the visitors of pages that still show them agreed to.
 */
const OUR_SERVICES = {
  en: 'I agree to receive messages, including automated calls and AI-powered demo calls, from our services at the contact information provided.',
  hi: 'मैं सहमत हूँ कि मेरी दी हुई संपर्क जानकारी पर हमारी सेवाओं की ओर से मुझे संदेश भेजे जा सकते हैं, जिनमें ऑटोमेटेड कॉल और एआई से चलने वाली डेमो कॉल भी शामिल हैं।',
};

/** The form's sentences naming the brand, those it shows without a `brand-name` ("from us"), and its earlier ones. */
export function defaultConsentTexts(brand: string): Record<string, string> {
  const named = consentSentences(brand.trim());
  const unnamed = consentSentences('');
  return {
    'default-en': named.en,
    'default-hi': named.hi,
    'default-en-unbranded-2': unnamed.en,
    'default-hi-unbranded-2': unnamed.hi,
    'default-en-unbranded': OUR_SERVICES.en,
    'default-hi-unbranded': OUR_SERVICES.hi,
  };
}
