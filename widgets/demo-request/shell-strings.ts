/*
 * The texts <ai-demo-request> draws before React has loaded, apart from the rest (demo-request.ts)
 * so that a page pays for them alone until a visitor reaches for the widget.
 */
import type { AgentId } from '../../model/agents';

// Agent names are product names: the same in every language (and the team's: a test keeps them
// equal to the model's, which reaches the widgets as types only).
const AGENT_TITLES: Record<AgentId, string> = {
  receptionist: 'AI Receptionist',
  realEstate: 'AI Real-Estate Cold Caller',
  supportHindi: 'AI Customer Support (Hindi)',
  supportEnglish: 'AI Customer Support (English)',
};

// "a, b and c", with each language's word for "and".
const list = (items: readonly string[], and: string) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}` : items[0];

type Brand = { brand?: string };

/** The demo form's first state is drawn before React (the form is in the first paint): its texts are here. */
export const DEMO_REQUEST_SHELL = {
  en: {
    legend: 'Choose a demo agent',
    selected: 'Selected',
    agentTitles: AGENT_TITLES,
    agentDescriptions: {
      receptionist: 'Handles patient appointment bookings, queries and payments.',
      realEstate: 'Engages leads, gathers requirements, qualifies leads.',
      supportHindi: 'Available in all regional languages.',
      supportEnglish: 'Answers customer questions around the clock, in English.',
    },
    formTitle: 'Request a Demo Call',
    nameLabel: 'Name',
    namePlaceholder: 'Enter your name',
    phoneLabel: 'Phone Number',
    // The country menu's name, today the phone library's English default (its `labels.country`).
    phoneCountryLabel: 'Phone number country',
    getOtp: 'Get OTP',
    // Blank or spaces must not leave "from  services": they fall back like a missing brand-name, to "us"
    // (on a partner's page "our services" named no one; model/consent.ts keeps the older sentence accepted).
    consent: ({ brand }: Brand) =>
      `I agree to receive messages, including automated calls and AI-powered demo calls, from ${brand?.trim() ? `${brand.trim()} services` : 'us'} at the contact information provided.`,
    stepAgent: 'choose an agent',
    stepName: 'enter your name',
    stepPhone: 'verify your phone number',
    stepConsent: 'tick the consent box',
    missingSteps: ({ steps }: { steps: readonly string[] }) => `To get a call, ${list(steps, ' and ')}.`,
    getCall: 'Get a Call',
    // `privacy-href`'s link beside the consent sentence (the sentence itself is unchanged: the service checks it).
    privacyLink: 'Privacy policy',
    loadError: 'The demo request form could not load.',
    tryAgain: 'Try again',
  },
  hi: {
    legend: 'डेमो एजेंट चुनें',
    selected: 'चुना गया',
    agentTitles: AGENT_TITLES,
    agentDescriptions: {
      receptionist: 'मरीज़ों की अपॉइंटमेंट बुकिंग, सवाल और भुगतान संभालता है।',
      realEstate: 'लीड्स से बात करता है, उनकी ज़रूरतें समझता है और लीड्स को क्वालिफ़ाई करता है।',
      supportHindi: 'सभी क्षेत्रीय भाषाओं में उपलब्ध।',
      supportEnglish: 'ग्राहकों के सवालों के जवाब चौबीसों घंटे, अंग्रेज़ी में देता है।',
    },
    formTitle: 'डेमो कॉल का अनुरोध करें',
    nameLabel: 'नाम',
    namePlaceholder: 'अपना नाम लिखें',
    phoneLabel: 'फ़ोन नंबर',
    phoneCountryLabel: 'फ़ोन नंबर का देश',
    getOtp: 'OTP पाएं',
    // Passive, so the sentence needs no verb agreeing with the visitor's gender.
    consent: ({ brand }: Brand) =>
      `मैं सहमत हूँ कि मेरी दी हुई संपर्क जानकारी पर ${brand?.trim() ? `${brand.trim()} सेवाओं की` : 'हमारी'} ओर से मुझे संदेश भेजे जा सकते हैं, जिनमें ऑटोमेटेड कॉल और एआई से चलने वाली डेमो कॉल भी शामिल हैं।`,
    stepAgent: 'एजेंट चुनें',
    stepName: 'अपना नाम लिखें',
    stepPhone: 'अपना फ़ोन नंबर वेरिफ़ाई करें',
    stepConsent: 'सहमति वाले बॉक्स पर टिक करें',
    missingSteps: ({ steps }: { steps: readonly string[] }) => `कॉल पाने के लिए ${list(steps, ' और ')}।`,
    getCall: 'कॉल पाएं',
    privacyLink: 'प्राइवेसी पॉलिसी',
    loadError: 'डेमो अनुरोध फ़ॉर्म लोड नहीं हो सका।',
    tryAgain: 'फिर से कोशिश करें',
  },
};
