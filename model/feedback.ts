// Feedback: the body of `POST /api/feedback`, one schema the route checks and the widget's fields type.
import { Type, type Static } from 'typebox';
import { EmbedId } from './embeds.ts';
import { EMAIL_PATTERN, Name, SHOWING_LINES } from './text.ts';

/** Each field's limit, as `textLength` (./text-length.ts) counts it: the name in visible characters, the rest in code points. */
export const FEEDBACK_LIMITS = { name: 200, email: 254, message: 5000 };

/** The name's bound in code points: a visible character may be several (क्षि is 4); the route counts the visible ones. */
const NAME_CODE_POINTS = FEEDBACK_LIMITS.name * 8;

// Each field is trimmed before it is checked, so each needs a character that is not white space.

export const FeedbackBody = Type.Object(
  {
    name: Name(FEEDBACK_LIMITS.name, NAME_CODE_POINTS),
    email: Type.String({ minLength: 1, maxLength: FEEDBACK_LIMITS.email, format: 'email', pattern: EMAIL_PATTERN }),
    // Tabs and line breaks are the message's own.
    message: Type.String({ minLength: 1, maxLength: FEEDBACK_LIMITS.message, pattern: SHOWING_LINES }),
    embedId: Type.Optional(EmbedId),
  },
  { additionalProperties: false },
);
export type Feedback = Static<typeof FeedbackBody>;
