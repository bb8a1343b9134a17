// `simulate`'s answers to what a visitor types: a few topics a visitor asks an agent about, found by their words,
// and a plain default that says what this preview can answer. The same in a call and in a typed conversation.
import type { Lang } from '../lib/lang';

type Topic = 'price' | 'booking' | 'languages' | 'hours' | 'hello' | 'thanks' | 'other';

// First match wins: "how much is a booking" is about the price. Devanagari words stand outside \b, which is ASCII-only.
const TOPICS: [Topic, RegExp][] = [
  [
    'price',
    /\b(price[sd]?|pricing|costs?|how much|plans?|fees?|pay|paid|charges?|rates?|budget|expensive|cheap|subscription)\b|₹|\$|कीमत|क़ीमत|दाम|खर्च|ख़र्च|शुल्क|प्लान|पैसे/i,
  ],
  [
    'booking',
    /\b(book(ing)?|appointments?|slots?|schedul\w*|reserv\w*|meeting|visit|availab\w*|tomorrow|today|cleaning|check-?up)\b|बुक|अपॉइंटमेंट|स्लॉट|मिलना|समय मिल/i,
  ],
  [
    'languages',
    /\b(languages?|hindi|english|tamil|telugu|marathi|bengali|gujarati|kannada|speak|accents?|translat\w*)\b|भाषा|हिंदी|हिन्दी|अंग्रेजी|अंग्रेज़ी|तमिल|मराठी/i,
  ],
  [
    'hours',
    /\b(hours?|open(ing)?|clos(e|ed|ing)|sundays?|saturdays?|weekends?|nights?|24\/7|holidays?|when)\b|घंटे|खुल|बंद|रविवार|शनिवार|रात|छुट्टी/i,
  ],
  ['hello', /^\s*(hi|hello|hey|namaste|good (morning|afternoon|evening))\b|नमस्ते|नमस्कार|हैलो/i],
  ['thanks', /\b(thanks|thank you|thx|bye|goodbye|great|ok(ay)?)\b|धन्यवाद|शुक्रिया|अलविदा|ठीक है/i],
];

const ANSWERS: Record<Lang, Record<Topic, string>> = {
  en: {
    price:
      'Plans depend on how many calls and chats the agent answers each month. On a demo call the team walks you through the one that fits, and trying it costs nothing.',
    booking:
      'I can book that. A real agent checks the calendar, offers a free slot, say tomorrow at 10 am, and sends the confirmation by SMS or WhatsApp.',
    languages:
      'I answer in English and Hindi, and a real agent can speak the regional language your customer uses, switching when they do.',
    hours:
      'I answer 24 hours a day, 7 days a week, weekends and holidays too: a call after hours is answered, not sent to voicemail.',
    hello: 'Hello! Ask me about prices, booking an appointment, the languages I speak or the hours I answer.',
    thanks: 'You are welcome! When you are ready, ask for a demo call to hear an agent of your own.',
    other:
      'Good question. In this preview I can answer about prices, booking, languages and hours; a real agent would answer it from your business’s own information.',
  },
  hi: {
    price:
      'प्लान इस पर निर्भर करता है कि एजेंट हर महीने कितनी कॉल और चैट का जवाब देता है। डेमो कॉल पर टीम आपके लिए सही प्लान बताती है, और आज़माना मुफ़्त है।',
    booking:
      'मैं बुक कर सकती हूं। असली एजेंट कैलेंडर देखकर खाली समय बताता है, जैसे कल सुबह दस बजे, और पुष्टि एसएमएस या व्हाट्सऐप पर भेजता है।',
    languages: 'मैं हिंदी और अंग्रेज़ी में जवाब देती हूं, और असली एजेंट आपके ग्राहक की क्षेत्रीय भाषा में भी बात कर सकता है।',
    hours: 'मैं हफ़्ते के सातों दिन, चौबीसों घंटे जवाब देती हूं, छुट्टियों में भी: देर रात की कॉल का भी जवाब मिलता है।',
    hello: 'नमस्ते! मुझसे कीमत, अपॉइंटमेंट बुक करने, मेरी भाषाओं या जवाब देने के समय के बारे में पूछें।',
    thanks: 'आपका स्वागत है! जब चाहें, अपने एजेंट को सुनने के लिए डेमो कॉल मांगें।',
    other:
      'अच्छा सवाल। इस झलक में मैं कीमत, बुकिंग, भाषाओं और समय के बारे में बता सकती हूं; असली एजेंट इसका जवाब आपके कारोबार की अपनी जानकारी से देगा।',
  },
};

/** The topic of what a visitor typed, by its words. */
export function topicOf(text: string): Topic {
  return TOPICS.find(([, words]) => words.test(text))?.[0] ?? 'other';
}

/** The scripted agent's answer to typed words. */
export function scriptedAnswer(text: string, lang: Lang = 'en'): string {
  return ANSWERS[lang][topicOf(text)];
}
