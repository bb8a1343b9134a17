import type { ShellNode } from '../shared/shell';
import { BUTTON_LABELS, TOOLTIPS } from './machine';

/** The microphone icon, as the React `MicIcon` draws it. */
const MIC_ICON: ShellNode = [
  'svg',
  { viewBox: '0 0 24 24', width: '24', height: '24', 'aria-hidden': 'true', focusable: 'false', fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'data-icon': 'mic' },
  ['rect', { x: '9', y: '2', width: '6', height: '12', rx: '3' }],
  ['path', { d: 'M5 10a7 7 0 0 0 14 0M12 17v5M8 22h8' }],
];

const SPINNER: ShellNode = ['span', { class: 'spinner', part: 'spinner', 'data-icon': 'spinner', 'aria-hidden': 'true' }];

/** `<VoiceDemo>` at rest or connecting, drawn before React has loaded (kept equal by the tests). */
function draw(status: 'idle' | 'connecting'): ShellNode {
  return [
    'div',
    { class: 'root', part: 'base', 'data-status': status },
    [
      'button',
      { type: 'button', class: 'mic', part: 'button', 'aria-label': BUTTON_LABELS[status], 'aria-describedby': 'status', 'aria-pressed': 'false', style: '--level:0' },
      ['span', { class: 'ring', 'aria-hidden': 'true' }],
      status === 'idle' ? MIC_ICON : SPINNER,
    ],
    ['div', { id: 'status', class: 'tooltip', part: 'tooltip', role: 'status', 'aria-live': 'polite' }, TOOLTIPS[status]],
  ];
}

export const voiceShell = draw('idle');
/** A press answers at once, while React and the component are still on their way. */
export const voiceShellPressed = draw('connecting');
