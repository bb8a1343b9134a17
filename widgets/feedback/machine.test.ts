import { describe, expect, it } from 'vitest';
import { FEEDBACK_LIMITS, type FeedbackFields } from './contract';
import {
  emptyFields,
  feedbackEvents,
  feedbackReducer,
  fieldProblems,
  initialFeedbackState,
  lengthOf,
  type FeedbackAction,
  type FeedbackState,
  type FeedbackStatus,
} from './machine';

const draft: FeedbackFields = { name: 'Ada', email: 'ada@example.com', message: 'Lovely agents.' };
const at = (status: FeedbackStatus, extra: Partial<FeedbackState> = {}): FeedbackState => ({
  ...initialFeedbackState,
  status,
  fields: draft,
  ...extra,
});
const run = (...actions: FeedbackAction[]) => actions.reduce(feedbackReducer, initialFeedbackState);
const typeAll = (fields: FeedbackFields): FeedbackAction[] =>
  (Object.keys(fields) as (keyof FeedbackFields)[]).map((field) => ({ type: 'edit', field, value: fields[field] }));

const ALL: FeedbackStatus[] = ['closed', 'editing', 'submitting', 'sent'];
const others = (...keep: FeedbackStatus[]) => ALL.filter((s) => !keep.includes(s));

describe('feedback machine', () => {
  it('starts closed with an empty form and no banner', () => {
    expect(initialFeedbackState).toEqual({
      status: 'closed',
      fields: { name: '', email: '', message: '' },
      error: null,
      invalid: null,
    });
    expect(emptyFields).toEqual({ name: '', email: '', message: '' });
  });

  it('opens the form from closed, and ignores open anywhere else', () => {
    expect(run({ type: 'open' })).toEqual({ ...initialFeedbackState, status: 'editing' });
    for (const status of others('closed')) {
      const s = at(status);
      expect(feedbackReducer(s, { type: 'open' })).toBe(s);
    }
  });

  it('records each field while editing, leaving the others alone', () => {
    const s = run({ type: 'open' }, ...typeAll(draft));
    expect(s).toEqual({ status: 'editing', fields: draft, error: null, invalid: null });
    expect(feedbackReducer(s, { type: 'edit', field: 'email', value: 'x@y.z' }).fields).toEqual({
      ...draft,
      email: 'x@y.z',
    });
  });

  it('keeps every character typed, spaces and newlines included', () => {
    const odd = { name: '  Zoë O’Brien ', email: 'zoe+1@example.co.uk', message: 'one\ntwo — 🚀 "<b>"' };
    expect(run({ type: 'open' }, ...typeAll(odd)).fields).toEqual(odd);
  });

  it('ignores edits unless the form is being edited', () => {
    for (const status of others('editing')) {
      const s = at(status);
      expect(feedbackReducer(s, { type: 'edit', field: 'name', value: 'Mallory' })).toBe(s);
    }
  });

  it('closes while editing and keeps the draft for the next open', () => {
    const closed = run({ type: 'open' }, ...typeAll(draft), { type: 'close' });
    expect(closed).toEqual({ status: 'closed', fields: draft, error: null, invalid: null });
    expect(feedbackReducer(closed, { type: 'open' })).toEqual({
      status: 'editing',
      fields: draft,
      error: null,
      invalid: null,
    });
  });

  it('drops a failure banner on close, so a reopened form does not show a stale error', () => {
    const closed = feedbackReducer(at('editing', { error: 'Failed' }), { type: 'close' });
    expect(closed).toEqual({ status: 'closed', fields: draft, error: null, invalid: null });
  });

  it('starts a blank form after closing the thank-you screen', () => {
    expect(feedbackReducer(at('sent', { fields: emptyFields }), { type: 'close' })).toEqual(initialFeedbackState);
  });

  it('ignores close while submitting (the outcome must be seen) and when already closed', () => {
    const busy = at('submitting');
    expect(feedbackReducer(busy, { type: 'close' })).toBe(busy);
    expect(feedbackReducer(initialFeedbackState, { type: 'close' })).toBe(initialFeedbackState);
  });

  it('submits from editing, clearing an earlier banner but not the fields', () => {
    const s = feedbackReducer(at('editing', { error: 'Failed' }), { type: 'submit' });
    expect(s).toEqual({ status: 'submitting', fields: draft, error: null, invalid: null });
  });

  it('ignores submit outside editing, so a second submit cannot start a second request', () => {
    for (const status of others('editing')) {
      const s = at(status);
      expect(feedbackReducer(s, { type: 'submit' })).toBe(s);
    }
  });

  it('shows the thank-you screen on success and forgets what was sent', () => {
    expect(feedbackReducer(at('submitting'), { type: 'succeed' })).toEqual({
      status: 'sent',
      fields: emptyFields,
      error: null,
      invalid: null,
    });
  });

  it('returns to the form on failure with the banner and every field kept', () => {
    const s = feedbackReducer(at('submitting'), {
      type: 'fail',
      message: 'Failed to submit feedback. Please try again.',
    });
    expect(s).toEqual({
      status: 'editing',
      fields: draft,
      error: 'Failed to submit feedback. Please try again.',
      failure: 'Failed to submit feedback. Please try again.',
      invalid: null,
    });
  });

  it('ignores succeed and fail outside submitting (a late answer changes nothing)', () => {
    for (const status of others('submitting')) {
      const s = at(status);
      expect(feedbackReducer(s, { type: 'succeed' })).toBe(s);
      expect(feedbackReducer(s, { type: 'fail', message: 'late' })).toBe(s);
    }
  });

  it('runs a whole visit: fail, retry, succeed, close, reopen blank', () => {
    const failed = run({ type: 'open' }, ...typeAll(draft), { type: 'submit' }, { type: 'fail', message: 'Failed' });
    expect(failed).toEqual({ status: 'editing', fields: draft, error: 'Failed', failure: 'Failed', invalid: null });
    const reopened = run(
      { type: 'open' },
      ...typeAll(draft),
      { type: 'submit' },
      { type: 'succeed' },
      { type: 'close' },
      { type: 'open' },
    );
    expect(reopened).toEqual({ status: 'editing', fields: emptyFields, error: null, invalid: null });
    expect(feedbackReducer(feedbackReducer(failed, { type: 'submit' }), { type: 'succeed' }).status).toBe('sent');
  });
});

describe('a refusal about one field', () => {
  it('marks that field until it is edited, and a new submit clears it', () => {
    const refused = feedbackReducer(at('submitting'), {
      type: 'fail',
      message: 'Failed. Your email must be a valid email address.',
      field: 'email',
    });
    expect(refused).toMatchObject({
      status: 'editing',
      invalid: 'email',
      error: 'Failed. Your email must be a valid email address.',
    });
    expect(feedbackReducer(refused, { type: 'edit', field: 'name', value: 'A' })).toMatchObject({
      invalid: 'email',
      error: 'Failed. Your email must be a valid email address.',
    });
    // Fixing the field takes its refusal away with the mark: nothing is left to show in a banner.
    expect(feedbackReducer(refused, { type: 'edit', field: 'email', value: 'a@b.co' })).toMatchObject({
      invalid: null,
      error: null,
    });
    expect(feedbackReducer(refused, { type: 'submit' }).invalid).toBeNull();
    expect(feedbackReducer(refused, { type: 'close' }).invalid).toBeNull();
  });

  it('checks the fields on Submit, says each problem under its field, and sends nothing until they are fixed (#34)', () => {
    const empty = run({ type: 'open' }, { type: 'submit' });
    expect(empty.status).toBe('editing');
    expect(empty.problems).toEqual({ name: 'missing', email: 'missing', message: 'missing' });
    expect(feedbackEvents(run({ type: 'open' }), empty)).toEqual([]);
    const fixedName = feedbackReducer(empty, { type: 'edit', field: 'name', value: 'Ada' });
    expect(fixedName.problems).toEqual({ email: 'missing', message: 'missing' });
    const badEmail = run({ type: 'open' }, ...typeAll({ ...draft, email: 'ada@example' }), { type: 'submit' });
    expect(badEmail.problems).toEqual({ email: 'format' });
    expect(run({ type: 'open' }, ...typeAll(draft), { type: 'submit' })).toMatchObject({
      status: 'submitting',
      problems: undefined,
    });
    expect(feedbackReducer(badEmail, { type: 'close' }).problems).toBeUndefined();
  });

  it('takes an email the service takes, and refuses blank fields', () => {
    expect(fieldProblems(draft)).toEqual({});
    expect(fieldProblems({ ...draft, name: '   ', message: '\n' })).toEqual({ name: 'missing', message: 'missing' });
    for (const email of ['a@b', 'a b@c.d', '@c.d', 'a@.d'])
      expect(fieldProblems({ ...draft, email }).email, email).toBe('format');
    for (const email of ['a.b+c@d.co.in', 'meera@example.com'])
      expect(fieldProblems({ ...draft, email }).email, email).toBeUndefined();
  });
});

describe('the limits, counted as the service counts', () => {
  const emoji = '🙂';

  it('holds the same limits as the service schema (model/feedback.ts)', async () => {
    const model = await import('../../model/feedback');
    expect(FEEDBACK_LIMITS).toEqual(model.FEEDBACK_LIMITS);
  });

  it('counts code points of the trimmed text, not UTF-16 units: 5,000 emoji are 5,000 characters', () => {
    expect(lengthOf(emoji.repeat(5000))).toBe(5000);
    expect(emoji.repeat(5000).length).toBe(10_000);
    expect(lengthOf(`  ${'m'.repeat(5000)}\n`)).toBe(5000);
    expect(fieldProblems({ ...draft, message: emoji.repeat(5000) })).toEqual({});
    expect(fieldProblems({ ...draft, message: emoji.repeat(5001) })).toEqual({ message: 'long' });
  });

  it('counts a name in the characters a person sees, as the service does: 200 of क्षि (800 code points) fit', () => {
    expect(lengthOf('क्षि'.repeat(200), 'name')).toBe(200);
    expect(fieldProblems({ ...draft, name: 'क्षि'.repeat(200) })).toEqual({});
    expect(fieldProblems({ ...draft, name: 'क्षि'.repeat(201) })).toEqual({ name: 'long' });
    // The message still counts code points: the same text is 800 there.
    expect(lengthOf('क्षि'.repeat(200))).toBe(800);
  });

  it('refuses Submit past a limit, under that field, and sends nothing', () => {
    const long = { name: 'n'.repeat(201), email: `${'m'.repeat(250)}@example.com`, message: 'x'.repeat(5001) };
    const s = run({ type: 'open' }, ...typeAll(long), { type: 'submit' });
    expect(s.status).toBe('editing');
    expect(s.problems).toEqual({ name: 'long', email: 'long', message: 'long' });
    expect(feedbackEvents(run({ type: 'open' }, ...typeAll(long)), s)).toEqual([]);
    const exact = { name: 'n'.repeat(200), email: draft.email, message: 'x'.repeat(5000) };
    expect(run({ type: 'open' }, ...typeAll(exact), { type: 'submit' }).status).toBe('submitting');
  });
});

describe('an embed that is not set up for the page (#54)', () => {
  const filled = ['name', 'email', 'message'].reduce(
    (state, field, i) =>
      feedbackReducer(state, {
        type: 'edit',
        field: field as 'name',
        value: ['Asha', 'asha@example.com', 'Lovely'][i]!,
      }),
    feedbackReducer({ ...initialFeedbackState, embed: { status: 'unasked' } }, { type: 'open' }),
  );

  it('ends a submission under way with the form, not a banner, when the embed is not set up here', () => {
    const submitting = feedbackReducer(filled, { type: 'submit' });
    expect(submitting.status).toBe('submitting');
    const refused = feedbackReducer(submitting, { type: 'not-set-up', reason: 'not-allowed' });
    expect(refused).toMatchObject({ status: 'editing', error: null, embed: { status: 'not-set-up' } });
    // Nothing more is sent from it.
    expect(feedbackReducer(refused, { type: 'submit' })).toBe(refused);
  });

  it("keeps the embed's answer through a thank-you and the next form", () => {
    const embed = {
      id: 'emb_x',
      active: true,
      brandName: 'Acme',
      agents: [],
      countries: [],
      consentText: '',
      consentVersion: '',
      consentTexts: {},
      allowed: true,
    };
    const ready = feedbackReducer(filled, { type: 'embed-answered', answer: { status: 'ready', embed } });
    const sent = feedbackReducer(feedbackReducer(ready, { type: 'submit' }), { type: 'succeed' });
    expect(sent.embed).toEqual({ status: 'ready', embed });
    expect(feedbackReducer(sent, { type: 'close' }).embed).toEqual({ status: 'ready', embed });
  });
});
