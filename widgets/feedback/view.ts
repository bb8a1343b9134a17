import type { ShellNode } from '../elements/shell';
import type { FeedbackStrings } from '../lib/strings';

/** The trigger button, as data: drawn before React, and rendered by `<Feedback>` from the same description. */
export function feedbackTrigger(t: Pick<FeedbackStrings, 'trigger'>): ShellNode {
  return [
    'button',
    { type: 'button', class: 'trigger', part: 'trigger', 'data-control': 'trigger', 'aria-haspopup': 'dialog' },
    ['slot', {}, t.trigger],
  ];
}
