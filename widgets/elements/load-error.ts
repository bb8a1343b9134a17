import type { ViewNode } from './view';

/**
 * The one way a widget says its code could not load: the message and a "Try again" button,
 * announced as an alert. Drawn by the element before React and by React for a lazy part.
 */
export function loadErrorView(message: string, tryAgain = 'Try again'): ViewNode {
  return [
    'div',
    { class: 'load-error', role: 'alert' },
    ['span', {}, message],
    ['button', { type: 'button', class: 'inline-action', 'data-control': 'retry' }, tryAgain],
  ];
}
