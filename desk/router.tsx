// The desk's routes on the router it shares with the site (../ui/router.tsx): pages import links and
// `navigate` from here, never from the app (no import circle). `replace` is for a filter's change, not a new page.
export { Link, Router, useRouter } from '../ui/router';

/** Moves focus to the page's heading (after a navigation, or a change that redraws the page). */
export function focusHeading() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('#main h1')?.focus());
}
