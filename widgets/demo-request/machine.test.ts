import { describe, expect, it } from 'vitest';
import {
  canRequestCall,
  codeComplete,
  codeToCheck,
  demoRequestEvents,
  demoRequestReducer,
  initialDemoRequestState,
  missingSteps,
  phoneEnter,
  type DemoRequestAction,
  type DemoRequestState,
  nameTooLong,
} from './machine';
import { NAME_MAX } from './contract';

const PHONE = '+919876543210';

/** Runs actions from the initial state (or `from`), the way the form dispatches them. */
function run(actions: DemoRequestAction[], from: DemoRequestState = initialDemoRequestState): DemoRequestState {
  return actions.reduce(demoRequestReducer, from);
}

const otpRequested = run([{ type: 'phone', value: PHONE }, { type: 'request-otp' }]);
const verified = run([{ type: 'verify' }], otpRequested);
const ready = run(
  [
    { type: 'select', agentId: 'receptionist' },
    { type: 'name', value: 'Asha' },
    { type: 'consent', value: true },
  ],
  verified,
);

describe('initial state', () => {
  it('has no agent, no OTP requested, nothing verified and no consent', () => {
    expect(initialDemoRequestState).toMatchObject({
      agentId: null,
      name: '',
      phone: '',
      otp: '',
      phoneStatus: 'unverified',
      consent: false,
      token: null,
      problem: null,
      submission: { status: 'idle' },
    });
  });
});

describe('demoRequestReducer', () => {
  it('selects an agent, and a second selection replaces the first', () => {
    const first = run([{ type: 'select', agentId: 'receptionist' }]);
    expect(first.agentId).toBe('receptionist');
    expect(run([{ type: 'select', agentId: 'supportHindi' }], first).agentId).toBe('supportHindi');
  });

  it('keeps the name exactly as typed (trimming is for the checks and the event)', () => {
    expect(run([{ type: 'name', value: '  Asha ' }]).name).toBe('  Asha ');
  });

  it('toggles consent both ways', () => {
    const on = run([{ type: 'consent', value: true }]);
    expect(on.consent).toBe(true);
    expect(run([{ type: 'consent', value: false }], on).consent).toBe(false);
  });

  it('stores the phone number', () => {
    expect(run([{ type: 'phone', value: PHONE }]).phone).toBe(PHONE);
  });

  it('Get OTP moves an entered number to otp-requested', () => {
    expect(otpRequested.phoneStatus).toBe('otp-requested');
  });

  it('ignores Get OTP while the field holds no number', () => {
    expect(run([{ type: 'request-otp' }])).toBe(initialDemoRequestState);
  });

  it('ignores a second Get OTP, which would otherwise undo a verification', () => {
    expect(run([{ type: 'request-otp' }], otpRequested)).toBe(otpRequested);
    expect(run([{ type: 'request-otp' }], verified)).toBe(verified);
  });

  it('takes OTP edits only while an OTP is requested', () => {
    expect(run([{ type: 'otp', value: '1234' }], otpRequested).otp).toBe('1234');
    const before = run([{ type: 'phone', value: PHONE }]);
    expect(run([{ type: 'otp', value: '1234' }], before)).toBe(before);
    expect(run([{ type: 'otp', value: '1234' }], verified)).toBe(verified);
  });

  it('Verify sets verified on the press alone, whatever the OTP holds (demo mode: no check)', () => {
    expect(verified.phoneStatus).toBe('verified');
    expect(run([{ type: 'otp', value: 'not a code' }, { type: 'verify' }], otpRequested).phoneStatus).toBe('verified');
  });

  it('ignores Verify before Get OTP', () => {
    const typed = run([{ type: 'phone', value: PHONE }]);
    expect(run([{ type: 'verify' }], typed)).toBe(typed);
    expect(run([{ type: 'verify' }])).toBe(initialDemoRequestState);
  });

  it('a different phone number resets a verification and clears the OTP', () => {
    const withOtp = run([{ type: 'otp', value: '1234' }], otpRequested);
    const changed = run([{ type: 'verify' }, { type: 'phone', value: '+91987654321' }], withOtp);
    expect(changed).toMatchObject({ phone: '+91987654321', phoneStatus: 'unverified', otp: '' });
  });

  it('a different phone number also cancels a pending OTP request', () => {
    const changed = run(
      [
        { type: 'otp', value: '12' },
        { type: 'phone', value: '+447700900123' },
      ],
      otpRequested,
    );
    expect(changed).toMatchObject({ phoneStatus: 'unverified', otp: '' });
  });

  it('clearing the number resets verification, and Get OTP is then ignored', () => {
    const cleared = run([{ type: 'phone', value: '' }], verified);
    expect(cleared.phoneStatus).toBe('unverified');
    expect(run([{ type: 'request-otp' }], cleared)).toBe(cleared);
  });

  it('the same phone value (a re-render echo) keeps the verification', () => {
    expect(run([{ type: 'phone', value: PHONE }], verified)).toBe(verified);
    expect(run([{ type: 'phone', value: PHONE }], otpRequested)).toBe(otpRequested);
  });

  it('other fields leave the phone steps alone', () => {
    expect(ready.phoneStatus).toBe('verified');
    expect(
      run(
        [
          { type: 'select', agentId: 'realEstate' },
          { type: 'name', value: 'B' },
          { type: 'consent', value: false },
        ],
        ready,
      ).phoneStatus,
    ).toBe('verified');
  });
});

describe('missingSteps and canRequestCall', () => {
  it('lists every step, in form order, at the start', () => {
    expect(missingSteps(initialDemoRequestState)).toEqual(['agent', 'name', 'phone', 'consent']);
    expect(canRequestCall(initialDemoRequestState)).toBe(false);
  });

  it('lists nothing and allows the call when all four are done', () => {
    expect(missingSteps(ready)).toEqual([]);
    expect(canRequestCall(ready)).toBe(true);
  });

  it.each<[string, Partial<DemoRequestState>, string]>([
    ['no agent', { agentId: null }, 'agent'],
    ['an empty name', { name: '' }, 'name'],
    ['a whitespace-only name', { name: ' \t\n ' }, 'name'],
    ['an unverified phone', { phoneStatus: 'unverified' }, 'phone'],
    ['an OTP requested but not verified', { phoneStatus: 'otp-requested' }, 'phone'],
    ['no consent', { consent: false }, 'consent'],
  ])('with %s, names only that step and refuses the call', (_label, change, step) => {
    const state = { ...ready, ...change };
    expect(missingSteps(state)).toEqual([step]);
    expect(canRequestCall(state)).toBe(false);
  });
});

describe('with a backend', () => {
  const withPhone = run([
    { type: 'select', agentId: 'receptionist' },
    { type: 'name', value: 'Asha' },
    { type: 'phone', value: PHONE },
    { type: 'consent', value: true },
  ]);
  const sending = run([{ type: 'code-requested' }], withPhone);
  const sent = run([{ type: 'code-sent', display: '+91 98765 43210', resendAt: 30_000 }], sending);
  const checking = run([{ type: 'otp', value: '123456' }, { type: 'check-started' }], sent);
  const verifiedByService = run([{ type: 'checked', token: 'tok' }], checking);

  it('walks Get OTP, the code sent, Verify and the token', () => {
    expect(sending.phoneStatus).toBe('sending-code');
    expect(sent).toMatchObject({ phoneStatus: 'otp-requested', codeSentTo: '+91 98765 43210', resendAt: 30_000 });
    expect(checking.phoneStatus).toBe('verifying');
    expect(verifiedByService).toMatchObject({ phoneStatus: 'verified', token: 'tok', otp: '' });
    expect(canRequestCall(verifiedByService)).toBe(true);
  });

  it('shows a refused code request at the phone and returns to where it was, with the wait', () => {
    expect(run([{ type: 'code-refused', message: 'Wait.', resendAt: 9 }], sending)).toMatchObject({
      phoneStatus: 'unverified',
      problem: { where: 'phone', message: 'Wait.' },
      resendAt: 9,
    });
    const resend = run([{ type: 'code-requested' }, { type: 'code-refused', message: 'Later.' }], sent);
    expect(resend).toMatchObject({
      phoneStatus: 'otp-requested',
      codeSentTo: '+91 98765 43210',
      problem: { where: 'phone' },
    });
  });

  it('keeps the typed code after a wrong one, says whether a new code is needed, and clears the note on typing', () => {
    const wrong = run([{ type: 'check-refused', message: 'Not right.', newCode: false }], checking);
    expect(wrong).toMatchObject({
      phoneStatus: 'otp-requested',
      otp: '123456',
      problem: { where: 'code', newCode: false },
    });
    expect(run([{ type: 'otp', value: '12345' }], wrong).problem).toBeNull();
  });

  it('checks a whole code once by itself: typed to its last digit or pasted, never again unchanged', () => {
    expect(codeToCheck(sent)).toBe(false);
    const typed = ['1', '12', '123', '1234', '12345'].map((value) => run([{ type: 'otp', value }], sent));
    expect(typed.map(codeToCheck)).toEqual([false, false, false, false, false]);
    expect(codeToCheck(run([{ type: 'otp', value: '123456' }], sent))).toBe(true);
    expect(codeToCheck(run([{ type: 'otp', value: ' 123456\n' }], sent))).toBe(true);
    // Under way, Verify and Enter are no second check: the machine starts one only from otp-requested.
    expect(codeToCheck(checking)).toBe(false);
    expect(run([{ type: 'check-started' }], checking)).toBe(checking);
    // A wrong code waits for the visitor; an edit, even back to the same digits, is a new code to check.
    const wrong = run([{ type: 'check-refused', message: 'Not right.', newCode: false }], checking);
    expect(codeToCheck(wrong)).toBe(false);
    expect(codeToCheck(run([{ type: 'otp', value: '654321' }], wrong))).toBe(true);
    expect(
      codeToCheck(
        run(
          [
            { type: 'otp', value: '12345' },
            { type: 'otp', value: '123456' },
          ],
          wrong,
        ),
      ),
    ).toBe(true);
    // A new code request that is refused leaves the checked code alone.
    expect(codeToCheck(run([{ type: 'code-requested' }, { type: 'code-refused', message: 'Wait.' }], wrong))).toBe(
      false,
    );
    expect(codeToCheck(verifiedByService)).toBe(false);
  });

  it('sends once: no second Get a Call while one is on its way or done', () => {
    const submitting = run([{ type: 'submit-started' }], verifiedByService);
    expect(canRequestCall(submitting)).toBe(false);
    const done = run([{ type: 'submit-done', id: 7, call: 'placed' }], submitting);
    expect(done.submission).toEqual({ status: 'done', id: 7, call: 'placed' });
    expect(canRequestCall(done)).toBe(false);
  });

  it('keeps everything after a refused request, and asks for a new verification when the token was refused', () => {
    const submitting = run([{ type: 'submit-started' }], verifiedByService);
    const outage = run([{ type: 'submit-refused', message: 'No network.', reverify: false }], submitting);
    expect(outage).toMatchObject({
      phoneStatus: 'verified',
      token: 'tok',
      name: 'Asha',
      consent: true,
      submission: { status: 'idle' },
      problem: { where: 'submit' },
    });
    const expired = run([{ type: 'submit-refused', message: 'Verify again.', reverify: true }], submitting);
    expect(expired).toMatchObject({
      phoneStatus: 'unverified',
      token: null,
      codeSentTo: null,
      name: 'Asha',
      phone: PHONE,
      problem: { where: 'phone' },
    });
  });

  it('forgets a verification when the number changes, and starts over keeping who asked', () => {
    expect(run([{ type: 'phone', value: '+919876543211' }], verifiedByService)).toMatchObject({
      phoneStatus: 'unverified',
      token: null,
      codeSentTo: null,
    });
    const again = run(
      [{ type: 'submit-started' }, { type: 'submit-done', id: 1, call: 'retrying' }, { type: 'start-over' }],
      verifiedByService,
    );
    expect(again).toMatchObject({
      name: 'Asha',
      phone: PHONE,
      agentId: 'receptionist',
      phoneStatus: 'unverified',
      token: null,
      consent: false,
      submission: { status: 'idle' },
    });
  });
});

describe('consent, the call outcomes and refusals (#21, #22)', () => {
  const withPhone = run([
    { type: 'select', agentId: 'receptionist' },
    { type: 'name', value: 'Asha' },
    { type: 'phone', value: PHONE },
  ]);
  const verifiedByService = run(
    [
      { type: 'code-requested' },
      { type: 'code-sent', display: '+91 98765 43210', resendAt: 0 },
      { type: 'check-started' },
      { type: 'checked', token: 'tok' },
    ],
    withPhone,
  );

  it('records the time of the last tick, and forgets it when the box is unticked', () => {
    const ticked = run([{ type: 'consent', value: true, at: '2025-03-04T03:30:00.000Z' }]);
    expect(ticked).toMatchObject({ consent: true, consentedAt: '2025-03-04T03:30:00.000Z' });
    expect(run([{ type: 'consent', value: false }], ticked)).toMatchObject({ consent: false, consentedAt: null });
    expect(
      run(
        [
          { type: 'consent', value: false },
          { type: 'consent', value: true, at: '2025-03-04T03:31:00.000Z' },
        ],
        ticked,
      ).consentedAt,
    ).toBe('2025-03-04T03:31:00.000Z');
  });

  it('is never ticked for the visitor: not at the start, not after "Request another demo"', () => {
    expect(initialDemoRequestState).toMatchObject({ consent: false, consentedAt: null });
    const done = run(
      [
        { type: 'consent', value: true, at: 'now' },
        { type: 'submit-started' },
        { type: 'submit-done', id: 1, call: 'placed' },
        { type: 'start-over' },
      ],
      verifiedByService,
    );
    expect(done).toMatchObject({ consent: false, consentedAt: null });
  });

  it.each([
    [{ id: 1, call: 'placed' }],
    [{ id: 2, call: 'scheduled', callAt: '2025-03-05T03:30:00.000Z' }],
    [{ id: 3, call: 'retrying', duplicate: true }],
    [{ id: 4, call: 'failed' }],
    [{ id: 5, call: 'not-configured', duplicate: true }],
  ] as const)('keeps the answer %o and tells the page exactly that', (lead) => {
    const submitting = run(
      [{ type: 'consent', value: true, at: 'now' }, { type: 'submit-started' }],
      verifiedByService,
    );
    const done = run([{ type: 'submit-done', ...lead }], submitting);
    expect(done.submission).toEqual({ status: 'done', ...lead });
    expect(demoRequestEvents(submitting, done)).toEqual([['ai-demo-request-success', lead]]);
  });

  it('shows a refused code request at the phone with the control to fix', () => {
    const sending = run([{ type: 'code-requested' }], withPhone);
    expect(run([{ type: 'code-refused', message: 'Enter a mobile number.', focus: 'phone' }], sending).problem).toEqual(
      { where: 'phone', message: 'Enter a mobile number.', focus: 'phone' },
    );
    expect(run([{ type: 'code-refused', message: 'Busy.' }], sending).problem).toEqual({
      where: 'phone',
      message: 'Busy.',
    });
    // Typed values stay.
    expect(run([{ type: 'code-refused', message: 'x', focus: 'challenge' }], sending)).toMatchObject({
      name: 'Asha',
      phone: PHONE,
      agentId: 'receptionist',
      phoneStatus: 'unverified',
    });
  });
});

describe('the name, counted as the service counts it', () => {
  it('holds the same limit as the service (cleanName): 100 characters a person sees', async () => {
    const { cleanName } = await import('../../server/domain/leads/clean');
    expect(cleanName('n'.repeat(NAME_MAX)).ok).toBe(true);
    expect(cleanName('n'.repeat(NAME_MAX + 1)).ok).toBe(false);
  });

  it('counts visible characters, not UTF-16 units or code points: 100 Devanagari syllables or emoji are taken', () => {
    // "क्षि" is one character to a reader, four code points.
    expect(nameTooLong('क्षि'.repeat(100))).toBe(false);
    expect(nameTooLong('👍🏽'.repeat(100))).toBe(false);
    expect(nameTooLong('क्षि'.repeat(101))).toBe(true);
    // Spaces are folded as the service folds them.
    expect(nameTooLong(`  ${'a'.repeat(50)}     ${'b'.repeat(49)}  `)).toBe(false);
  });

  it('keeps Get a Call away and asks for a shorter name, while the name is too long', () => {
    const long = run([
      { type: 'select', agentId: 'receptionist' },
      { type: 'name', value: 'a'.repeat(101) },
    ]);
    expect(missingSteps(long)).toEqual(['shorterName', 'phone', 'consent']);
  });

  it("puts the service's refusal of the name under the name, until the name is edited", () => {
    const submitting: DemoRequestState = {
      ...initialDemoRequestState,
      agentId: 'receptionist',
      name: 'Asha',
      phone: '+919876543210',
      phoneStatus: 'verified',
      token: 't',
      consent: true,
      submission: { status: 'submitting' },
    };
    const refused = demoRequestReducer(submitting, {
      type: 'submit-refused',
      message: 'Your name must be at most 100 characters.',
      reverify: false,
      field: 'name',
    });
    expect(refused.problem).toEqual({ where: 'name', message: 'Your name must be at most 100 characters.' });
    expect(demoRequestReducer(refused, { type: 'name', value: 'Asha R' }).problem).toBeNull();
  });
});

describe('Enter in the phone field (#55)', () => {
  it('does what Get OTP does while it is shown, and says what is missing while the field holds no number', () => {
    expect(phoneEnter(initialDemoRequestState)).toBe('say-missing');
    expect(phoneEnter(run([{ type: 'phone', value: PHONE }]))).toBe('get-code');
    expect(phoneEnter(run([{ type: 'phone', value: PHONE }, { type: 'code-requested' }]))).toBe('wait');
    expect(phoneEnter(otpRequested)).toBe('to-code');
    expect(phoneEnter(verified)).toBe('submit');
  });

  it('puts the words at the phone, until the number is typed', () => {
    const said = run([{ type: 'phone-missing', message: 'Enter your phone number, then press Get OTP.' }]);
    expect(said.problem).toEqual({ where: 'phone', message: 'Enter your phone number, then press Get OTP.' });
    expect(run([{ type: 'phone', value: PHONE }], said).problem).toBeNull();
    // Only for a field with no number: a number there is Get OTP's to send.
    const withNumber = run([{ type: 'phone', value: PHONE }]);
    expect(run([{ type: 'phone-missing', message: 'x' }], withNumber)).toBe(withNumber);
  });
});

describe('codeComplete', () => {
  it('is six digits, spaces around them aside', () => {
    expect(['123456', ' 123456 ', '000000'].map(codeComplete)).toEqual([true, true, true]);
    expect(['12345', '1234567', '12 345', '12345a', ''].map(codeComplete)).toEqual([false, false, false, false, false]);
  });
});

describe('an embed that is not set up for the page (#54)', () => {
  const embedded = { ...initialDemoRequestState, embed: { status: 'unasked' } } as const satisfies DemoRequestState;
  const notSetUp: DemoRequestAction = {
    type: 'embed-answered',
    answer: { status: 'not-set-up', reason: 'not-allowed' },
  };

  it('asks for no code once the embed says the page is not one of its origins', () => {
    const state = run([{ type: 'phone', value: PHONE }, { type: 'embed-asked' }, notSetUp], embedded);
    expect(state.embed).toEqual({ status: 'not-set-up', reason: 'not-allowed' });
    expect(run([{ type: 'code-requested' }], state).phoneStatus).toBe('unverified');
  });

  it('drops a code on its way when a POST is refused for the origin, with no problem about the network', () => {
    const sending = run([{ type: 'phone', value: PHONE }, { type: 'code-requested' }], embedded);
    expect(sending.phoneStatus).toBe('sending-code');
    const refused = run([{ type: 'not-set-up', reason: 'paused' }], sending);
    expect(refused).toMatchObject({ phoneStatus: 'unverified', problem: null });
    expect(refused.embed).toEqual({ status: 'not-set-up', reason: 'paused' });
  });

  it('offers no Get a Call and sends no lead when not set up', () => {
    const withToken = run(
      [{ type: 'code-requested' }, { type: 'code-sent', display: PHONE, resendAt: 0 }, { type: 'check-started' }],
      { ...ready, embed: { status: 'unasked' }, phoneStatus: 'unverified' },
    );
    const checked = run([{ type: 'checked', token: 't' }], withToken);
    expect(canRequestCall(checked)).toBe(true);
    const refused = run([{ type: 'not-set-up', reason: 'not-allowed' }], checked);
    expect(canRequestCall(refused)).toBe(false);
    expect(run([{ type: 'submit-started' }], refused).submission.status).toBe('idle');
  });

  it("unchooses a card chosen before the embed's answer that the embed does not offer", () => {
    const embed = {
      id: 'emb_abcdefghijklmnop',
      active: true,
      brandName: 'Acme',
      agents: ['receptionist' as const],
      countries: ['IN'],
      consentText: '',
      consentVersion: '',
      consentTexts: {},
      allowed: true,
    };
    const answered = { type: 'embed-answered', answer: { status: 'ready', embed } } as const;
    const chosen = (agentId: 'realEstate' | 'receptionist') =>
      run([{ type: 'select', agentId }, { type: 'embed-asked' }, answered], embedded);
    expect(chosen('realEstate')).toMatchObject({ agentId: null, embed: { status: 'ready' } });
    expect(chosen('receptionist').agentId).toBe('receptionist');
  });

  it('keeps the embed across Start over', () => {
    const answered = run([{ type: 'embed-asked' }, { type: 'embed-answered', answer: { status: 'outage' } }], embedded);
    expect(answered.embed).toEqual({ status: 'unasked' });
    expect(run([{ type: 'start-over' }], answered).embed).toEqual({ status: 'unasked' });
  });
});
