import type { ShellNode } from '../shared/shell';

/** `<Feedback>`'s trigger, drawn before React has loaded (kept equal by shell.test.ts). */
export const feedbackShell: ShellNode = [
  'div',
  { class: 'root' },
  ['button', { type: 'button', class: 'trigger', part: 'trigger', 'aria-haspopup': 'dialog' }, ['slot', {}, 'Share Feedback']],
];
