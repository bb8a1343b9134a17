import type { Lang, Widen } from '../lib/lang';

// Literal copies, not imports of machine.ts: the widget is meant to read its text from here, and
// strings.test.ts keeps these equal to the constants the widget exports today.
const VOICE_EN = {
  // Keyed by call state, as machine.ts keys TOOLTIPS and BUTTON_LABELS.
  tooltips: {
    idle: 'Click to experience our AI agent',
    connecting: 'Connecting to AI agent...',
    listening: 'Click to end the call',
    speaking: 'AI agent is speaking...',
    error: 'Error connecting. Click to try again',
    sending: 'Sending to the AI agent...',
    replying: 'AI agent is typing...',
    ended: 'Conversation ended. Press Undo within a few seconds to keep it.',
  },
  buttonLabels: {
    idle: 'Start a voice call with our AI agent',
    connecting: 'Cancel connecting',
    listening: 'End the call',
    speaking: 'End the call',
    error: 'Try the voice call again',
    sending: 'Start a voice call with our AI agent',
    replying: 'Start a voice call with our AI agent',
    ended: 'Start a voice call with our AI agent',
  },
  // A typed conversation (`mode="text"` and `"hybrid"`).
  textIdle: 'Write to our AI agent below',
  hybridIdle: 'Talk or type to our AI agent',
  logLabel: 'Conversation',
  fieldLabel: 'Message to the AI agent',
  fieldPlaceholder: 'Type a message',
  send: 'Send',
  end: 'End',
  typeInstead: 'Type to the agent instead',
  unfinished: '(cut off)',
  // Words sent while an answer is arriving wait for it (the status text says so).
  queuedStatus: 'Your next message goes as soon as the agent has answered.',
  // Over the reason when the embed does not take this page: trying again cannot help, so the error tooltip would mislead.
  notSetUpStatus: 'The voice demo is not available here',
  // The last line of a conversation restored after a reload in the middle of a call.
  callReloaded: 'The call ended when the page reloaded.',
  // A quiet line of the log: a page tool the agent called (the page's description of it, else its name).
  toolUsed: ({ tool }: { tool: string }) => `Agent used: ${tool}`,
  toolNotDone: ({ tool }: { tool: string }) => `Agent tried: ${tool} (not done)`,
  // The built-in page actions' words in that line (`open_demo_request`, `open_url`).
  builtInTools: { open_demo_request: 'Open the demo request form', open_url: 'Open a page' } as Record<string, string>,
  problems: {
    busy: 'The agent is busy right now. Press Send to try again.',
    unavailable: "The typed demo isn't available on this page right now.",
    'not-configured': "The typed demo isn't set up on this page yet.",
    interrupted: 'The answer was cut off.',
    network: "We couldn't reach the agent. Check your internet connection and try again.",
  },
  noSendInCall: "Typing isn't available during this call: speak to the agent, or type after the call.",
  meterLabel: 'Agent voice level',
  loadError: 'The voice demo could not load.',
  tryAgain: 'Try again',
  // The error event's `message`: the tooltip stays generic, but a page may show it.
  startFailed: 'The voice call could not be started.',
  missingAssistant: 'Assistant or Squad must be provided.',
  captionsLabel: 'Live captions',
  // In the captions' area before anyone has spoken.
  logEmpty: 'Your conversation with the agent shows here.',
  speakerYou: 'You',
  speakerAgent: 'Agent',
  consentHeading: 'Before we start',
  consentAccept: 'Accept',
  consentCancel: 'Cancel',
  muteLabel: 'Mute microphone',
  unmuteLabel: 'Unmute microphone',
  mutedAnnouncement: 'Microphone muted',
  unmutedAnnouncement: 'Microphone on',
  micDenied: "Microphone blocked: allow it in your browser's address bar and try again",
  micInUse: 'Your microphone is in use by another app. Close it and try again',
  micNotFound: 'No microphone found. Connect one and try again',
  // A microphone that never answers ends like any failed connection.
  micTimeout: 'Error connecting. Click to try again',
  // Beside the brief's error tooltip, the reason where it is known (#34); the microphone's are the tooltips above.
  reasons: {
    'not-configured': "Voice calls aren't set up on this page yet.",
    network: "We couldn't reach the voice service. Check your internet connection.",
    timeout: "The voice service didn't answer in time.",
  },
  // `simulate`: said to the visitor on the card in every state; the settings that make it real go to the console.
  simulated: 'Simulated demo:',
  simulatedHow: 'a preview with scripted answers. No microphone is used and nothing leaves this page.',
  // The way on when the call cannot be made: `fallback-href`, the call-me form.
  fallback: 'Ask for a call to your phone instead',
  // `label` names the agent in the button's accessible name: several buttons on a page tell apart.
  labelled: ({ label, action }: { label: string; action: string }) => `${label}: ${action}`,
  // `privacy-href` in the consent step.
  privacyLink: 'Privacy policy',
  // `variant="launcher"`: the round button's name (`launcher-label` replaces it), with a call under way, its panel's.
  launcher: 'Talk to our AI agent',
  launcherInCall: ({ name }: { name: string }) => `${name} (call in progress)`,
  launcherPanel: 'Conversation with our AI agent',
  launcherClose: 'Close',
  // `invite`: the bubble's button that ends the invitation for the tab's session.
  inviteDismiss: 'Dismiss',
  // `suggestions`: the group of suggested replies under the log.
  suggestionsLabel: 'Suggested replies',
};

/** Every text `<ai-voice-demo>` shows or announces, in one language. */
export type VoiceStrings = Widen<typeof VOICE_EN>;

/** The voice demo's text in each language. */
export const VOICE_STRINGS = {
  en: VOICE_EN,
  hi: {
    tooltips: {
      idle: 'हमारे एआई एजेंट को आज़माने के लिए क्लिक करें',
      connecting: 'एआई एजेंट से कनेक्ट हो रहा है...',
      listening: 'कॉल ख़त्म करने के लिए क्लिक करें',
      speaking: 'एआई एजेंट बोल रहा है...',
      error: 'कनेक्ट नहीं हो सका। फिर से कोशिश करने के लिए क्लिक करें',
      sending: 'एआई एजेंट को भेजा जा रहा है...',
      replying: 'एआई एजेंट लिख रहा है...',
      ended: 'बातचीत ख़त्म हो गई। इसे रखने के लिए कुछ सेकंड में “वापस लाएं” दबाएं।',
    },
    buttonLabels: {
      idle: 'हमारे एआई एजेंट के साथ वॉइस कॉल शुरू करें',
      connecting: 'कनेक्ट करना रद्द करें',
      listening: 'कॉल ख़त्म करें',
      speaking: 'कॉल ख़त्म करें',
      error: 'वॉइस कॉल फिर से शुरू करें',
      sending: 'हमारे एआई एजेंट के साथ वॉइस कॉल शुरू करें',
      replying: 'हमारे एआई एजेंट के साथ वॉइस कॉल शुरू करें',
      ended: 'हमारे एआई एजेंट के साथ वॉइस कॉल शुरू करें',
    },
    textIdle: 'नीचे हमारे एआई एजेंट को लिखें',
    hybridIdle: 'हमारे एआई एजेंट से बोलें या लिखें',
    logLabel: 'बातचीत',
    fieldLabel: 'एआई एजेंट के लिए संदेश',
    fieldPlaceholder: 'संदेश लिखें',
    send: 'भेजें',
    end: 'ख़त्म करें',
    typeInstead: 'इसके बजाय एजेंट को लिखें',
    unfinished: '(बीच में कट गया)',
    queuedStatus: 'एजेंट का जवाब पूरा होते ही आपका अगला संदेश चला जाएगा।',
    notSetUpStatus: 'वॉइस डेमो यहाँ उपलब्ध नहीं है',
    callReloaded: 'पेज दोबारा लोड होने पर कॉल ख़त्म हो गई।',
    toolUsed: ({ tool }) => `एजेंट ने इस्तेमाल किया: ${tool}`,
    toolNotDone: ({ tool }) => `एजेंट ने कोशिश की: ${tool} (नहीं हुआ)`,
    builtInTools: { open_demo_request: 'डेमो अनुरोध फ़ॉर्म खोलें', open_url: 'एक पेज खोलें' },
    problems: {
      busy: 'एजेंट अभी व्यस्त है। फिर से कोशिश करने के लिए भेजें दबाएं।',
      unavailable: 'इस पेज पर लिखकर बात करने वाला डेमो अभी उपलब्ध नहीं है।',
      'not-configured': 'इस पेज पर लिखकर बात करने वाला डेमो अभी सेट अप नहीं किया गया है।',
      interrupted: 'जवाब बीच में कट गया।',
      network: 'हम एजेंट तक नहीं पहुंच सके। अपना इंटरनेट कनेक्शन जांचें और फिर से कोशिश करें।',
    },
    noSendInCall: 'इस कॉल के दौरान लिखना उपलब्ध नहीं है: एजेंट से बोलें, या कॉल के बाद लिखें।',
    meterLabel: 'एजेंट की आवाज़ का स्तर',
    loadError: 'वॉइस डेमो लोड नहीं हो सका।',
    tryAgain: 'फिर से कोशिश करें',
    startFailed: 'वॉइस कॉल शुरू नहीं हो सकी।',
    missingAssistant: 'असिस्टेंट या स्क्वॉड देना ज़रूरी है।',
    captionsLabel: 'लाइव कैप्शन',
    logEmpty: 'एजेंट के साथ आपकी बातचीत यहां दिखेगी।',
    speakerYou: 'आप',
    speakerAgent: 'एजेंट',
    consentHeading: 'शुरू करने से पहले',
    consentAccept: 'स्वीकार करें',
    consentCancel: 'रद्द करें',
    muteLabel: 'माइक्रोफ़ोन बंद करें',
    unmuteLabel: 'माइक्रोफ़ोन चालू करें',
    mutedAnnouncement: 'माइक्रोफ़ोन बंद है',
    unmutedAnnouncement: 'माइक्रोफ़ोन चालू है',
    micDenied: 'माइक्रोफ़ोन ब्लॉक है: ब्राउज़र के एड्रेस बार में इसकी अनुमति दें और फिर से कोशिश करें',
    micInUse: 'आपका माइक्रोफ़ोन किसी दूसरे ऐप में इस्तेमाल हो रहा है। उसे बंद करें और फिर से कोशिश करें',
    micNotFound: 'कोई माइक्रोफ़ोन नहीं मिला। माइक्रोफ़ोन जोड़ें और फिर से कोशिश करें',
    micTimeout: 'कनेक्ट नहीं हो सका। फिर से कोशिश करने के लिए क्लिक करें',
    reasons: {
      'not-configured': 'इस पेज पर वॉइस कॉल अभी सेट अप नहीं है।',
      network: 'हम वॉइस सेवा तक नहीं पहुंच सके। अपना इंटरनेट कनेक्शन जांचें।',
      timeout: 'वॉइस सेवा ने समय पर जवाब नहीं दिया।',
    },
    simulated: 'सिम्युलेटेड डेमो:',
    simulatedHow: 'पहले से लिखे जवाबों वाली एक झलक। माइक्रोफ़ोन इस्तेमाल नहीं होता और इस पेज से कुछ भी बाहर नहीं जाता।',
    fallback: 'इसके बजाय अपने फ़ोन पर कॉल का अनुरोध करें',
    labelled: ({ label, action }) => `${label}: ${action}`,
    privacyLink: 'प्राइवेसी पॉलिसी',
    launcher: 'हमारे एआई एजेंट से बात करें',
    launcherInCall: ({ name }) => `${name} (कॉल चल रही है)`,
    launcherPanel: 'हमारे एआई एजेंट से बातचीत',
    launcherClose: 'बंद करें',
    inviteDismiss: 'हटाएं',
    suggestionsLabel: 'सुझाए गए जवाब',
  },
} satisfies Record<Lang, VoiceStrings>;
