// Feedback: the body of `POST /api/feedback`, one schema the route checks and the widget's fields type.
import { Type, type Static } from 'typebox';

export const FEEDBACK_LIMITS = { name: 200, email: 254, message: 5000 };

export const FeedbackBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: FEEDBACK_LIMITS.name }),
    email: Type.String({ minLength: 1, maxLength: FEEDBACK_LIMITS.email, format: 'email' }),
    message: Type.String({ minLength: 1, maxLength: FEEDBACK_LIMITS.message }),
  },
  { additionalProperties: false },
);
export type Feedback = Static<typeof FeedbackBody>;
