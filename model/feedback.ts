// Feedback: the body of `POST /api/feedback`, one schema the route checks and the widget's fields type.
import { Type, type Static } from 'typebox';
import { EmbedId } from './embeds.ts';

/** Each field's limit, as `textLength` (./text-length.ts) counts it: the name in visible characters, the rest in code points. */
export const FEEDBACK_LIMITS = { name: 200, email: 254, message: 5000 };

/** The name's bound in code points: a visible character may be several (क्षि is 4); the route counts the visible ones. */
const NAME_CODE_POINTS = FEEDBACK_LIMITS.name * 8;

export const FeedbackBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: NAME_CODE_POINTS }),
    email: Type.String({ minLength: 1, maxLength: FEEDBACK_LIMITS.email, format: 'email' }),
    message: Type.String({ minLength: 1, maxLength: FEEDBACK_LIMITS.message }),
    embedId: Type.Optional(EmbedId),
  },
  { additionalProperties: false },
);
export type Feedback = Static<typeof FeedbackBody>;
