import { describe, expect, it } from 'vitest';
import { voiceReducer } from './machine';
import { initialVoiceState } from './state';
import { launcherName, placementOf } from './launcher-view';
import { viewOptions } from './options';
import { voiceShell } from './view';

const launcher = { variant: 'launcher', lang: 'en' } as const;

describe('the launcher', () => {
  it('opens and folds its panel without touching the call or the conversation', () => {
    const inCall = { ...initialVoiceState, status: 'listening' as const, lines: [] };
    const open = voiceReducer(inCall, { type: 'open' });
    expect(open).toMatchObject({ panel: 'open', status: 'listening' });
    const folded = voiceReducer(open, { type: 'fold' });
    expect(folded).toMatchObject({ panel: 'folded', status: 'listening' });
    expect(voiceReducer(folded, { type: 'fold' })).toBe(folded);
  });

  it('keeps its panel as it is when an ended conversation is cleared', () => {
    const ended = { ...initialVoiceState, status: 'ended' as const, panel: 'open' as const };
    expect(voiceReducer(ended, { type: 'clear', greeting: 'Hi' }).panel).toBe('open');
    expect(voiceReducer(ended, { type: 'clear' }).panel).toBe('open');
  });

  it('reads its placement, anything else being bottom-right', () => {
    expect(placementOf('top-left')).toBe('top-left');
    expect(placementOf(' Bottom-Left ')).toBe('bottom-left');
    expect(placementOf('middle')).toBe('bottom-right');
    expect(placementOf(undefined)).toBe('bottom-right');
  });

  it('is named by its words, after label, with a call under way; launcher-label replaces the words', () => {
    const options = viewOptions({ ...launcher, label: 'Priya' }, false);
    expect(launcherName(initialVoiceState, options)).toBe('Priya: Talk to our AI agent');
    expect(launcherName({ ...initialVoiceState, status: 'speaking' }, options)).toBe(
      'Priya: Talk to our AI agent (call in progress)',
    );
    expect(launcherName(initialVoiceState, viewOptions({ ...launcher, launcherLabel: 'Ask Acme' }, false))).toBe(
      'Ask Acme',
    );
    expect(launcherName(initialVoiceState, viewOptions({ ...launcher, lang: 'hi' }, false))).toBe(
      'हमारे एआई एजेंट से बात करें',
    );
  });

  it('opens before React, and React takes over the panel as it is drawn, without pressing it again', () => {
    const { shell, replay } = voiceShell.onShellPress(['launcher'], launcher);
    expect(JSON.stringify(shell)).toContain('"data-panel":"open"');
    // The launcher control keeps what the view shows (launcher.ts), and React starts from it.
    expect(replay).toEqual([]);
    expect(voiceShell.onShellPress(['launcher', 'fold'], launcher).replay).toEqual([]);
    // A press on the card's button in the open panel starts the call as on a card.
    expect(voiceShell.onShellPress(['launcher', 'mic'], { ...launcher, simulate: true }).replay).toEqual(['mic']);
  });

  it('is a card without variant="launcher"', () => {
    expect(JSON.stringify(voiceShell.shell({ lang: 'en' }))).not.toContain('launcher');
  });
});
