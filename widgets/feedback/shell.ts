import type { LazyWidget } from '../elements/renderer';
import type { Localized } from '../lib/strings';
import { FEEDBACK_SHELL } from '../lib/strings/feedback-shell';
import type { FeedbackProps } from './contract';
import { feedbackTrigger } from './view';

/** `<ai-feedback>` before React: the trigger; a press on it opens the dialog once React is there. */
export const feedbackShell = {
  shell: (props: FeedbackProps & Localized) => [
    'div',
    { class: 'root' },
    feedbackTrigger(FEEDBACK_SHELL[props.lang ?? 'en']),
  ],
} satisfies Partial<LazyWidget<FeedbackProps & Localized>>;
