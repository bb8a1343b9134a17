/*
 * The few texts the elements draw before React has loaded, apart from the rest so that a page
 * pays for them alone until a visitor reaches for a widget.
 */
export const FEEDBACK_SHELL = {
  en: { trigger: 'Share Feedback', loadError: 'The feedback form could not load.', tryAgain: 'Try again' },
  hi: { trigger: 'फ़ीडबैक दें', loadError: 'फ़ीडबैक फ़ॉर्म लोड नहीं हो सका।', tryAgain: 'फिर से कोशिश करें' },
};

export const DEMO_REQUEST_SHELL = {
  en: { loadError: 'The demo request form could not load.', tryAgain: 'Try again' },
  hi: { loadError: 'डेमो अनुरोध फ़ॉर्म लोड नहीं हो सका।', tryAgain: 'फिर से कोशिश करें' },
};
