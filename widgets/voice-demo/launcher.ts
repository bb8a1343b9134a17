// What the launcher does around its view (launcher-view.ts), the same before React and after: focus into
// the panel as it opens and back to the button as it folds, Escape folds, a phone's page stays still behind
// the full-screen panel, and the button steps aside from the page's focused control. It reads the panel's
// state from the view (`data-panel`), which the shell and React both draw, so it is written once.

import { inviteNow, keepInvite, keepPanel } from './saved';

const PHONE = '(max-width: 480px)';
/** The first control of the card, where focus goes as the panel opens. */
const FIRST = '.launcher-panel .root :is(button, textarea, a[href]):not([hidden], [disabled])';

/** `invite-after` as the element reads it: seconds, `8` unless a number of zero or more is given. */
export const inviteSeconds = (value: number | undefined) =>
  Number.isFinite(value) && (value as number) >= 0 ? (value as number) : 8;

/** What the element gives its launcher: a press on a control, and the invitation's words, seconds and redraw. */
export interface LauncherHooks {
  press: (control: string) => void;
  invite?: string;
  inviteAfter?: number;
  /** The invitation's seconds ran out: the element draws again (its props then carry `inviteDue`). */
  due: () => void;
}

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

export class LauncherControl {
  #stop = new AbortController();
  #observer: MutationObserver;
  #panel: string | null;
  #locked: string | null = null;
  #invite: string | null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The invitation's seconds have run out on this page. */
  due = false;

  private host: HTMLElement;
  private root: ShadowRoot;
  private press: (control: string) => void;
  private states: CustomStateSet;

  constructor(host: HTMLElement, root: ShadowRoot, press: (control: string) => void, states: CustomStateSet) {
    this.host = host;
    this.root = root;
    this.press = press;
    this.states = states;
    this.#panel = this.#current();
    this.#invite = this.#inviteShown();
    this.#observer = new MutationObserver(() => this.#changed());
    this.#observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-panel', 'data-invite'],
    });
    const signal = this.#stop.signal;
    root.addEventListener(
      'keydown',
      (event) => {
        const key = event as KeyboardEvent;
        if (key.key !== 'Escape' || key.defaultPrevented) return;
        // Folded, Escape answers the invitation (focus on the button or in the bubble); open, it folds.
        if (this.#panel === 'open') this.press('fold');
        else if (this.#invite === 'shown') this.press('dismiss-invite');
        else return;
        key.preventDefault();
      },
      { signal },
    );
    const doc = host.ownerDocument;
    doc.addEventListener('focusin', (event) => this.#dodge(event.target), { signal });
    // Focus leaving the page's controls for nowhere: the button goes back to its corner.
    doc.addEventListener('focusout', (event) => (event as FocusEvent).relatedTarget || this.states.delete('dodge'), {
      signal,
    });
    this.#lock(this.#panel === 'open');
    // A launcher drawn while the page's focus is already on a control under it steps aside at once.
    this.#dodge(doc.activeElement);
  }

  #current() {
    return this.root.querySelector('.launcher-frame')?.getAttribute('data-panel') ?? null;
  }

  #inviteShown() {
    return this.root.querySelector('.launcher-frame')?.getAttribute('data-invite') ?? null;
  }

  /**
   * The invitation's words and seconds (each render): its timer starts once, on a page where the tab has
   * not seen it yet and the panel is folded.
   */
  invite(words: string | undefined, after: number | undefined, due: () => void) {
    if (!words?.trim() || this.#timer !== undefined || this.due || inviteNow() !== 'waiting') return;
    this.#timer = setTimeout(
      () => {
        this.due = true;
        due();
      },
      inviteSeconds(after) * 1000,
    );
  }

  /** The invitation shown or over, as the view draws it: kept for the tab's next pages (written here only). */
  #invited() {
    const now = this.#inviteShown();
    if (now === this.#invite) return;
    const was = this.#invite;
    this.#invite = now;
    if (now === 'shown' || now === 'over') keepInvite(now);
    if (now !== 'over') return;
    clearTimeout(this.#timer);
    // Dismissed from its own button, which went with it: focus goes to the launcher, not to the page.
    const active = this.root.activeElement;
    if (was === 'shown' && (!active || active === this.host) && this.#panel !== 'open')
      this.root.querySelector<HTMLElement>('.launcher')?.focus();
  }

  #changed() {
    this.#invited();
    const now = this.#current();
    if (now === this.#panel) return;
    const was = this.#panel;
    this.#panel = now;
    this.#lock(now === 'open');
    if (was === null || now === null) return;
    // Written here, where the first paint's presses and React's both show: the tab's next page finds it so.
    keepPanel(now === 'open' ? 'open' : 'folded');
    if (now === 'open') this.root.querySelector<HTMLElement>(FIRST)?.focus();
    // Focus was in the panel that folded (or fell to the page as its control went): back to the button.
    else {
      const active = this.root.activeElement;
      const lost = !active || active.closest('.launcher-panel');
      if (lost) this.root.querySelector<HTMLElement>('.launcher')?.focus();
    }
  }

  /** On a phone the open panel is the screen: the page behind it does not scroll. */
  #lock(open: boolean) {
    const page = this.host.ownerDocument.documentElement;
    const lock = open && !!globalThis.matchMedia?.(PHONE).matches;
    if (lock && this.#locked === null) {
      this.#locked = page.style.overflow;
      page.style.overflow = 'hidden';
    } else if (!lock && this.#locked !== null) {
      page.style.overflow = this.#locked;
      this.#locked = null;
    }
  }

  /** The page's focused control is never under the button: it moves to the other edge while it would be. */
  #dodge(target: EventTarget | null) {
    if (!(target instanceof Element) || target === this.host) return;
    const button = this.root.querySelector('.launcher');
    if (!button) return;
    this.states.delete('dodge');
    if (overlaps(button.getBoundingClientRect(), target.getBoundingClientRect())) this.states.add('dodge');
  }

  stop() {
    clearTimeout(this.#timer);
    this.#stop.abort();
    this.#observer.disconnect();
    this.#lock(false);
    this.states.delete('dodge');
  }
}

/** The console's note for the page's developer when a second launcher is drawn as a card. */
export const SECOND_LAUNCHER =
  '<ai-voice-demo variant="launcher">: this page has a launcher already, so this one is drawn as a card. Keep one launcher per page.';

/** Each element's launcher: kept beside it, since the element's own fields do not exist yet while its
 * constructor takes over properties a page set before the upgrade (that render comes here too). */
const placed = new WeakMap<
  HTMLElement,
  { control: LauncherControl | null; states?: CustomStateSet; warned?: boolean }
>();

/** Whether `host` is the page's launcher: the first element of its tag with `variant="launcher"`. */
function firstLauncher(host: HTMLElement) {
  const first = [...host.ownerDocument.querySelectorAll(host.localName)].find(
    (el) => el.getAttribute('variant')?.trim().toLowerCase() === 'launcher',
  );
  return !first || first === host;
}

/**
 * Whether `host`, which asks to be a launcher (`wanted`), is drawn as one; its control is started when it
 * is and stopped when it is no longer, and a second launcher says so in the console once. `press` presses
 * one of the widget's controls.
 */
export function placeLauncher(host: HTMLElement, wanted: boolean, hooks: LauncherHooks): boolean {
  const { press } = hooks;
  const kept = placed.get(host) ?? { control: null };
  placed.set(host, kept);
  const launcher = wanted && firstLauncher(host);
  if (wanted && !launcher && !kept.warned) {
    console.warn(SECOND_LAUNCHER, host);
    kept.warned = true;
  }
  if (!launcher || !host.isConnected || !host.shadowRoot) {
    kept.control?.stop();
    kept.control = null;
  } else {
    kept.control ??= new LauncherControl(host, host.shadowRoot, press, (kept.states ??= host.attachInternals().states));
    kept.control.invite(hooks.invite, hooks.inviteAfter, hooks.due);
  }
  return launcher;
}

/** Whether the invitation's seconds have run out for `host`'s launcher on this page. */
export const inviteDue = (host: HTMLElement) => !!placed.get(host)?.control?.due;

/** A launcher taken out of the page gives the page back its scrolling and stops watching its focus. */
export function unplaceLauncher(host: HTMLElement) {
  const kept = placed.get(host);
  kept?.control?.stop();
  if (kept) kept.control = null;
}
