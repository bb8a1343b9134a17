// The consent sentences a lead may carry: without CONSENT_TEXTS_FILE, the demo form's own default
// sentences for the configured brand, in each language the form speaks (a test keeps them equal to
// the widget's).

/** The form's own sentence in each language it speaks, naming `b` ("our services" when empty). */
export const consentSentences = (b: string) => ({
  en: `I agree to receive messages, including automated calls and AI-powered demo calls, from ${b || 'our'} services at the contact information provided.`,
  hi: `मैं सहमत हूँ कि मेरी दी हुई संपर्क जानकारी पर ${b ? `${b} सेवाओं` : 'हमारी सेवाओं'} की ओर से मुझे संदेश भेजे जा सकते हैं, जिनमें ऑटोमेटेड कॉल और एआई से चलने वाली डेमो कॉल भी शामिल हैं।`,
});

/** The form's sentences naming the brand, and those it shows without a `brand-name` ("from our services"). */
export function defaultConsentTexts(brand: string): Record<string, string> {
  const named = consentSentences(brand.trim());
  const unnamed = consentSentences('');
  return {
    'default-en': named.en,
    'default-hi': named.hi,
    'default-en-unbranded': unnamed.en,
    'default-hi-unbranded': unnamed.hi,
  };
}
