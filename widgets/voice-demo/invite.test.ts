// @vitest-environment happy-dom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { printView } from '../elements/view';
import { voiceReducer, initialVoiceState, type VoiceState } from './machine';
import { VoiceDemo } from './VoiceDemo';
import { startOf, voiceShell } from './view';
import { inviteSeconds } from './launcher';

// Issue 57, item 2: the launcher's invitation, in the reducer and in the one view.
const folded: VoiceState = { ...initialVoiceState, panel: 'folded', invite: 'waiting' };
const props = { variant: 'launcher', invite: 'Questions? Ask our agent', simulate: true } as const;

describe('the invitation', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows when its seconds are up beside the folded button, and is over once dismissed or the panel opens', () => {
    const shown = voiceReducer(folded, { type: 'invite' });
    expect(shown.invite).toBe('shown');
    expect(voiceReducer(shown, { type: 'dismiss-invite' }).invite).toBe('over');
    expect(voiceReducer(shown, { type: 'open' })).toMatchObject({ panel: 'open', invite: 'over' });
    // Opened before its seconds were up: it never comes, not even after a fold.
    const opened = voiceReducer(voiceReducer(folded, { type: 'open' }), { type: 'fold' });
    expect(voiceReducer(opened, { type: 'invite' }).invite).toBe('over');
    // Never over the open panel.
    expect(voiceReducer({ ...folded, panel: 'open' }, { type: 'invite' }).invite).toBe('waiting');
  });

  it('starts as the tab keeps it: waiting, shown and not yet answered, or over', () => {
    expect(startOf(props).invite).toBe('waiting');
    expect(startOf({ ...props, inviteDue: true }).invite).toBe('shown');
    sessionStorage.setItem('ai-voice-demo-invite', 'shown');
    expect(startOf(props).invite).toBe('shown');
    sessionStorage.setItem('ai-voice-demo-invite', 'over');
    expect(startOf({ ...props, inviteDue: true }).invite).toBe('over');
  });

  it('reads invite-after as seconds, 8 unless a number of zero or more', () => {
    expect(inviteSeconds(undefined)).toBe(8);
    expect(inviteSeconds(-1)).toBe(8);
    expect(inviteSeconds(Number.NaN)).toBe(8);
    expect(inviteSeconds(0)).toBe(0);
    expect(inviteSeconds(2.5)).toBe(2.5);
  });

  it('is drawn by the first paint as React draws it: an empty polite status, then the words and Dismiss', () => {
    for (const lang of ['en', 'hi'] as const) {
      for (const due of [false, true]) {
        const p = { ...props, lang, inviteDue: due };
        expect(printView(voiceShell.shell(p))).toBe(renderToStaticMarkup(createElement(VoiceDemo, p)));
      }
    }
    const waiting = printView(voiceShell.shell(props));
    expect(waiting).toContain('<p class="invite-text" role="status" aria-live="polite"></p>');
    const shown = printView(voiceShell.shell({ ...props, inviteDue: true }));
    expect(shown).toContain('role="status" aria-live="polite">Questions? Ask our agent</p>');
    expect(shown).toContain('data-control="dismiss-invite">Dismiss</button>');
    expect(printView(voiceShell.shell({ ...props, inviteDue: true, lang: 'hi' }))).toContain('>हटाएं</button>');
    // Dismissed before React: gone from the first paint.
    expect(printView(voiceShell.onShellPress(['dismiss-invite'], { ...props, inviteDue: true }).shell)).not.toContain(
      'class="invite"',
    );
    // A card ignores it.
    expect(printView(voiceShell.shell({ invite: 'Questions?', inviteDue: true }))).not.toContain('invite');
  });
});
