/*
 * The few texts <ai-feedback> draws before React has loaded, apart from the rest (feedback.ts) so
 * that a page pays for them alone until a visitor reaches for the widget.
 */
export const FEEDBACK_SHELL = {
  en: { trigger: 'Share Feedback', loadError: 'The feedback form could not load.', tryAgain: 'Try again' },
  hi: { trigger: 'फ़ीडबैक दें', loadError: 'फ़ीडबैक फ़ॉर्म लोड नहीं हो सका।', tryAgain: 'फिर से कोशिश करें' },
};
