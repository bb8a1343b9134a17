import { codePoints, visibleLength } from '../lib/length';
import { FEEDBACK_LIMITS, type FeedbackFields } from './contract';
import { embedReducer, type EmbedAction, type EmbedState } from '../lib/embed';

/** The feedback modal: the form, submitting, and `sent`, the thank-you screen. */
export type FeedbackStatus = 'closed' | 'editing' | 'submitting' | 'sent';

export interface FeedbackState {
  status: FeedbackStatus;
  /** What the visitor typed; kept through failures and through closing the dialog. */
  fields: FeedbackFields;
  /** Why the last submit failed: under the field it names (`invalid`), else in the banner. */
  error: string | null;
  /** The field a refusal was about: marked invalid and focused, the refusal under it. */
  invalid: keyof FeedbackFields | null;
  /** What went wrong, for the page's error event (the banner is for the visitor). */
  failure?: string | null;
  /** What Submit found wrong before sending (#34): shown under each field, as the demo form does. */
  problems?: FieldProblems;
  /** `embed`: the desk's record the form names, or `not-set-up` on this page (then nothing is sent); absent without one. */
  embed?: EmbedState;
}

/** A field left empty, an email address that is not one, or a field longer than the service takes. */
export type FieldProblem = 'missing' | 'format' | 'long';
export type FieldProblems = Partial<Record<keyof FeedbackFields, FieldProblem>>;

// As the service's schema checks an email (its `format: 'email'`): a name, an @, and a domain with a dot.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** A field's length as the service measures it, trimmed: the name in the characters a person sees, the rest in code points. */
export const lengthOf = (value: string, field: keyof FeedbackFields = 'message') =>
  field === 'name' ? visibleLength(value.trim()) : codePoints(value.trim());

/** What stands between the fields and a submission, in form order (none: an empty object). */
export function fieldProblems(fields: FeedbackFields): FieldProblems {
  const problems: FieldProblems = {};
  for (const name of ['name', 'email', 'message'] as const) {
    const value = fields[name].trim();
    if (!value) problems[name] = 'missing';
    else if (lengthOf(value, name) > FEEDBACK_LIMITS[name]) problems[name] = 'long';
    else if (name === 'email' && !EMAIL.test(value)) problems[name] = 'format';
  }
  return problems;
}

export type FeedbackAction =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'edit'; field: keyof FeedbackFields; value: string }
  | { type: 'submit' }
  | { type: 'succeed' }
  | { type: 'fail'; message: string; failure?: string; field?: keyof FeedbackFields | null }
  | EmbedAction;

export const emptyFields: FeedbackFields = { name: '', email: '', message: '' };

export const initialFeedbackState: FeedbackState = {
  status: 'closed',
  fields: emptyFields,
  error: null,
  invalid: null,
};

const NO_EMBED: EmbedState = { status: 'none' };
/** The embed's answer carries over to the next form. */
const keptEmbed = (state: FeedbackState) => (state.embed ? { embed: state.embed } : {});

export function feedbackReducer(state: FeedbackState, action: FeedbackAction): FeedbackState {
  switch (action.type) {
    case 'embed-asked':
    case 'embed-answered':
    case 'not-set-up': {
      const embed = embedReducer(state.embed ?? NO_EMBED, action);
      if (embed === (state.embed ?? NO_EMBED)) return state;
      // Not set up here: a submission under way ends, with the words in place of the form (not a banner).
      return embed.status === 'not-set-up' && state.status === 'submitting'
        ? { ...state, embed, status: 'editing', error: null, invalid: null }
        : { ...state, embed };
    }
    case 'open':
      return state.status === 'closed' ? { ...state, status: 'editing' } : state;
    case 'close':
      // Closing mid-submit would hide the outcome; a sent form starts blank next time.
      if (state.status === 'submitting') return state;
      if (state.status === 'sent') return { ...initialFeedbackState, ...keptEmbed(state) };
      // The draft stays, the banner goes: it belongs to the last attempt, and on reopening it
      // would take focus from the name field.
      return state.status === 'editing'
        ? { ...state, status: 'closed', error: null, invalid: null, problems: undefined }
        : state;
    case 'edit': {
      if (state.status !== 'editing') return state;
      // Typing in the field a refusal (or a check) was about is fixing it: it is no longer marked.
      const problems = state.problems && { ...state.problems, [action.field]: undefined };
      if (problems) delete problems[action.field];
      const fixing = state.invalid === action.field;
      return {
        ...state,
        fields: { ...state.fields, [action.field]: action.value },
        invalid: fixing ? null : state.invalid,
        error: fixing ? null : state.error,
        problems,
      };
    }
    case 'submit': {
      if (state.status !== 'editing' || state.embed?.status === 'not-set-up') return state;
      // Checked here, not by the browser's bubbles: each problem is said under its field, in the widget's language.
      const problems = fieldProblems(state.fields);
      if (Object.keys(problems).length) return { ...state, error: null, invalid: null, problems };
      return { ...state, status: 'submitting', error: null, invalid: null, problems: undefined };
    }
    case 'succeed':
      return state.status === 'submitting'
        ? { status: 'sent', fields: emptyFields, error: null, invalid: null, ...keptEmbed(state) }
        : state;
    case 'fail':
      return state.status === 'submitting'
        ? {
            ...state,
            status: 'editing',
            error: action.message,
            failure: action.failure ?? action.message,
            invalid: action.field ?? null,
          }
        : state;
  }
}

/** The page's events for a transition: fired from one place, when the state changes. */
export function feedbackEvents(from: FeedbackState, to: FeedbackState) {
  if (from.status === 'editing' && to.status === 'submitting') return [['ai-feedback-submit', to.fields]] as const;
  if (from.status === 'submitting' && to.status === 'sent') return [['ai-feedback-success', from.fields]] as const;
  if (from.status === 'submitting' && to.status === 'editing')
    return [['ai-feedback-error', { message: to.failure ?? to.error ?? '' }]] as const;
  return [];
}
