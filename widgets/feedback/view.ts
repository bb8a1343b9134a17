import type { ViewNode } from '../elements/view';
import type { WidgetSpec } from '../elements/widget-element';
import type { Localized } from '../lib/lang';
import type { FeedbackStrings } from './strings';
import { FEEDBACK_SHELL } from './shell-strings';
import type { FeedbackProps } from './contract';

/** The trigger button, as data: drawn before React, and rendered by `<Feedback>` from the same description. */
export function feedbackTrigger(t: Pick<FeedbackStrings, 'trigger'>): ViewNode {
  return [
    'button',
    { type: 'button', class: 'trigger', part: 'trigger', 'data-control': 'trigger', 'aria-haspopup': 'dialog' },
    ['slot', {}, t.trigger],
  ];
}

/** `<ai-feedback>`'s shell, its first paint before React: the trigger; a press on it opens the dialog once React is there. */
export const feedbackShell = {
  shell: (props: FeedbackProps & Localized) => [
    'div',
    { class: 'root' },
    feedbackTrigger(FEEDBACK_SHELL[props.lang ?? 'en']),
  ],
} satisfies Pick<WidgetSpec<FeedbackProps>, 'shell'>;
