import { reportError } from '../lib/report';
import { retryImport } from '../lib/retry-import';
import { loadErrorView } from './load-error';
import { patchShell, shellToDom, type ShellNode } from './shell';
import { capped, pressMade } from './hold';

/** What the React layer hands back once it has mounted a component (the element layer never imports React's). */
export interface MountedRoot<P> {
  render(props: P): void;
  /** Draws the component afresh (a new key): its state is back at the start. */
  remount(): void;
  unmount(): void;
}

/**
 * A widget's component as the element layer sees it: something it hands to the React layer, never calls.
 * Not React's own type, so the package's declarations never ask a Preact, Solid or plain page for React's.
 */
export type WidgetComponent<P> = (props: P) => unknown;

/** The React layer (widgets/react), handed in by each widget: the element layer never imports it. */
export interface ReactLayer {
  mountReact<P extends object>(container: ShadowRoot, Component: WidgetComponent<P>, props: P, onCommit: () => void): MountedRoot<P>;
}

export interface LazyWidget<P> {
  /** Loads the React layer (React, react-dom and the mounting code: one chunk shared by every widget). */
  react: () => Promise<ReactLayer>;
  /** The React component, from its own chunk. */
  load: () => Promise<WidgetComponent<P>>;
  /** The component's export name in its chunk, so a retry after a failed load can fetch the chunk anew. */
  exportName?: string;
  /**
   * The widget's first state for the given props, as a view: printed as HTML on the server
   * (renderElement) and drawn as DOM here, before React. React (about 70 KB gzip) then loads when a
   * visitor points at, touches or focuses the widget, so a page pays for it only on use. Without a
   * shell (the element's tests), React loads at once.
   */
  shell?: (props: P) => ShellNode;
  /**
   * What the presses on shell controls (their `data-control` names, in order) mean before React is
   * there: the shell to show now, and the controls React's matching ones get pressed on, in order,
   * once it arrives. Without it, the shell stays and the last press is passed on.
   */
  onShellPress?: (controls: string[], props: P) => { shell: ShellNode; replay: string[] };
  /** What a press on the shell sets going (the voice call starts at once); `onShellPress` stays pure. */
  onPressed?: (controls: string[], props: P, host: Element) => void;
  /** Called when the code could not load: a widget lets go of what a shell press started. */
  onLoadFailed?: (host: Element) => void;
  /**
   * Called when a visitor first reaches for the widget (hover, touch, focus): it may start fetching
   * what a press needs. React's chunk (about 70 KB gzip, 30 ms to evaluate on a slow phone) loads
   * once what this returns has settled, so the two do not compete for the main thread.
   */
  onIntent?: (props: P) => Promise<unknown> | void;
  /**
   * Asked once `onIntent`'s promise has settled and a press under way has been made: React's chunk
   * and the component's are requested only when what this returns has settled too (at most
   * `HOLD_MS`), so what the press set going (the voice call's request to the provider) is not
   * queued behind evaluating React.
   */
  holdReact?: (host: Element) => Promise<unknown> | void;
  /**
   * Load once the widget is on screen and the browser is idle, not only on a visitor's reach:
   * for a widget whose first answer needs React (the feedback dialog must open within 100 ms).
   */
  loadWhenVisible?: boolean;
  /** Shown with a "Try again" button when the code cannot load: "The voice demo could not load." */
  loadError: (props: P) => string;
  /** The retry button's text. */
  tryAgain?: (props: P) => string;
  /** Names the widget in error reports. */
  widget: string;
}

/** What the element holds for one mounted widget. */
export interface Rendered<P> {
  container: ShadowRoot;
  props: P;
  phase: 'shell' | 'loading' | 'mounted' | 'failed' | 'gone';
  /** What stands in for React: the shell, or the load error. */
  placeholder: Node[];
  /** Shell controls pressed before React was there (`data-control` names), in order. */
  pressed: string[];
  /** A control under a pointer or key that is down: the swap must not swallow its press. */
  held: string | null;
  root?: MountedRoot<P>;
  listeners: AbortController;
  /** Why the last load failed: a retry fetches the module it names anew. */
  error?: unknown;
  /** Callers waiting for React's first commit (or a failed load). */
  waiting?: (() => void)[];
}

/** Reaching for a widget: hover, touch, press or keyboard focus. */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;


function place<P>(ctx: Rendered<P>, nodes: Node[]) {
  for (const node of ctx.placeholder) node.parentNode?.removeChild(node);
  ctx.placeholder = nodes;
  for (const node of nodes) ctx.container.appendChild(node);
}

/** Runs `then` once `element` is on screen and the browser has a quiet moment (after first paint). */
function whenVisibleAndIdle(element: Element, signal: AbortSignal, then: () => void) {
  if (typeof IntersectionObserver === 'undefined') return;
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    const idle = globalThis.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
    idle(() => signal.aborted || then(), { timeout: 3000 });
  });
  observer.observe(element);
  signal.addEventListener('abort', () => observer.disconnect());
}

const FOCUSABLE = 'button, input, select, textarea, [tabindex]';
/** The hand-over marker: a shell control and React's matching one carry the same `data-control`. */
const controlOf = (node: Element | null | undefined) => node?.closest?.('[data-control]')?.getAttribute('data-control') ?? null;
// Control names are plain words (`mic`, `accept`); no CSS.escape, which some test DOMs (jsdom) lack.
const byControl = (root: ShadowRoot, name: string) => (/^[\w-]+$/.test(name) ? root.querySelector<HTMLElement>(`[data-control="${name}"]`) : null);

/** What a native shell control kept on its own: a choice, a ticked box, typed text and its caret. */
interface Kept {
  control: string;
  checked?: boolean;
  value?: string;
  selection?: [start: number | null, end: number | null];
}

/** The shell's form controls (marked with `data-control`) that the visitor changed. */
function keptByControls(nodes: Node[]): Kept[] {
  const kept: Kept[] = [];
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    for (const input of node.querySelectorAll<HTMLInputElement>('input[data-control]')) {
      const control = input.getAttribute('data-control')!;
      if (input.type === 'radio' || input.type === 'checkbox') {
        if (input.checked !== input.defaultChecked) kept.push({ control, checked: input.checked });
      } else if (input.value !== input.defaultValue) kept.push({ control, value: input.value, selection: [input.selectionStart, input.selectionEnd] });
    }
  }
  return kept;
}

/**
 * Gives React's matching controls what the shell's kept, through the events React listens to, so
 * its state follows: a click for a box or radio, an input event for text (then the caret back).
 */
function handOver(root: ShadowRoot, kept: Kept[]) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  for (const { control, checked, value, selection } of kept) {
    const target = byControl(root, control);
    if (!(target instanceof HTMLInputElement)) continue;
    if (checked !== undefined) {
      if (target.checked !== checked) target.click();
      continue;
    }
    setValue.call(target, value);
    target.dispatchEvent(new Event('input', { bubbles: true }));
    if (selection && root.activeElement === target) target.setSelectionRange(selection[0], selection[1]);
  }
}

/** Presses each control once React has drawn it (a press may bring the next control, as Accept follows the button). */
async function replay(root: ShadowRoot, controls: string[]) {
  for (const control of controls) {
    let target = byControl(root, control);
    for (let tries = 0; !target && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      target = byControl(root, control);
    }
    target?.click();
  }
}

/**
 * Draws the widget's first state by hand and brings in React and the component only when
 * needed. The swap happens within one frame: React's DOM is committed, the shell leaves, focus
 * and the presses made meanwhile move to React's matching controls.
 */
export function lazyRenderer<P extends object>(spec: LazyWidget<P>) {
  const failed = (ctx: Rendered<P>) => {
    const doc = ctx.container.ownerDocument;
    const alert = shellToDom(['div', { class: 'root' }, loadErrorView(spec.loadError(ctx.props), spec.tryAgain?.(ctx.props))], doc) as HTMLElement;
    alert.querySelector('button')!.addEventListener('click', () => activate(ctx, true));
    ctx.phase = 'failed';
    spec.onLoadFailed?.(ctx.container.host);
    // "Try again" brings the widget back at rest; it does not replay the press that failed.
    ctx.pressed = [];
    ctx.held = null;
    place(ctx, [alert]);
    settle(ctx);
  };

  const settle = (ctx: Rendered<P>) => {
    const waiting = ctx.waiting ?? [];
    ctx.waiting = [];
    for (const done of waiting) done();
  };

  const committed = (ctx: Rendered<P>) => {
    const active = ctx.container.activeElement;
    const hadFocus = !!active && ctx.placeholder.some((node) => node.contains(active));
    const focused = controlOf(active);
    const kept = keptByControls(ctx.placeholder);
    place(ctx, []);
    ctx.listeners.abort();
    // Focus stays where the visitor had it: on React's matching control, else its first one.
    if (hadFocus) ((focused && byControl(ctx.container, focused)) || ctx.container.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    // Once React has finished this commit, still in the swap's task: no key can fall between.
    if (kept.length) queueMicrotask(() => handOver(ctx.container, kept));
    // A pointer or key still down on a control that just left would never make its click: count it now.
    const pressed = ctx.held ? [...ctx.pressed, ctx.held] : ctx.pressed;
    ctx.pressed = [];
    ctx.held = null;
    settle(ctx);
    if (!pressed.length) return;
    const controls = spec.onShellPress ? spec.onShellPress(pressed, ctx.props).replay : pressed.slice(-1);
    // After React has finished this commit, so each press is handled like any other.
    if (controls.length) queueMicrotask(() => void replay(ctx.container, controls));
  };

  const activate = (ctx: Rendered<P>, retry = false) => {
    if (ctx.phase !== 'shell' && !(retry && ctx.phase === 'failed')) return;
    const first = Promise.resolve(spec.onIntent?.(ctx.props)).catch(() => {});
    ctx.phase = 'loading';
    // The component's chunk imports React's: both wait, or React would be evaluated with it.
    const hold = spec.holdReact;
    const clear = first.then(() => hold && pressMade(ctx.container, () => !!ctx.held).then(() => capped(hold(ctx.container.host))));
    const load = () => spec.load();
    const component = clear.then(() => (retry ? retryImport(ctx.error, load, spec.exportName ? (m) => m[spec.exportName!] as WidgetComponent<P> : undefined) : load()));
    Promise.all([clear.then(() => spec.react()), component]).then(
      ([{ mountReact }, Component]) => {
        if (ctx.phase !== 'loading') return;
        ctx.phase = 'mounted';
        ctx.root = mountReact(ctx.container, Component, ctx.props, () => committed(ctx));
      },
      (error: unknown) => {
        if (ctx.phase !== 'loading') return;
        ctx.error = error;
        reportError(error, { widget: spec.widget, stage: 'load' });
        failed(ctx);
        if (retry) (ctx.placeholder[0] as HTMLElement).querySelector('button')?.focus();
      },
    );
  };

  const press = (ctx: Rendered<P>, control: string) => {
    ctx.pressed.push(control);
    const next = spec.onShellPress?.(ctx.pressed, ctx.props).shell;
    spec.onPressed?.(ctx.pressed, ctx.props, ctx.container.host);
    // In place, so the button keeps focus and the status region announces the change.
    if (next) ctx.placeholder = [patchShell(ctx.placeholder[0]!, next)];
    activate(ctx);
  };

  const listen = (ctx: Rendered<P>) => {
    const { signal } = ctx.listeners;
    const on = <K extends keyof HTMLElementEventMap>(type: K, listener: (event: HTMLElementEventMap[K]) => void) =>
      ctx.container.addEventListener(type, listener as EventListener, { signal, passive: type !== 'click' });
    if (spec.loadWhenVisible) whenVisibleAndIdle(ctx.container.host, signal, () => activate(ctx));
    for (const type of INTENT) on(type, () => activate(ctx));
    on('pointerdown', (event) => (ctx.held = event.button === 0 ? controlOf(event.target as Element) : null));
    on('keydown', (event) => (ctx.held = event.key === ' ' ? controlOf(event.target as Element) : ctx.held));
    on('pointercancel', () => (ctx.held = null));
    on('click', (event) => {
      ctx.held = null;
      // Only a press on a control counts (not one on the status text around it).
      const control = controlOf(event.target as Element);
      // The load error's own Try again is not a press on the widget.
      if (control && control !== 'retry' && ctx.phase !== 'failed') press(ctx, control);
    });
  };

  return {
    mount(container: ShadowRoot, props: P): Rendered<P> {
      const ctx: Rendered<P> = { container, props, phase: 'shell', placeholder: [], pressed: [], held: null, listeners: new AbortController() };
      if (!spec.shell) {
        activate(ctx);
        return ctx;
      }
      // The first paint from the page's HTML (a declarative shadow root) is taken as it is, brought
      // to these props in place: the nodes stay, and with them typed text, a choice and focus.
      const drawn = [...container.children].find((node) => node.localName !== 'style');
      if (drawn) ctx.placeholder = [patchShell(drawn, spec.shell(props))];
      else place(ctx, [shellToDom(spec.shell(props), container.ownerDocument)]);
      listen(ctx);
      // A visitor already in the form (focus, typed text, a choice) reached for it before this code came.
      if (drawn && (container.activeElement || keptByControls(ctx.placeholder).length)) activate(ctx);
      return ctx;
    },
    update(ctx: Rendered<P>, props: P) {
      ctx.props = props;
      if (ctx.root) return ctx.root.render(props);
      // Before React: the shell follows the new props (a language, a consent text).
      if ((ctx.phase === 'shell' || ctx.phase === 'loading') && spec.shell && ctx.placeholder[0]) {
        const next = spec.onShellPress && ctx.pressed.length ? spec.onShellPress(ctx.pressed, props).shell : spec.shell(props);
        ctx.placeholder = [patchShell(ctx.placeholder[0], next)];
      }
    },
    /** Resolves once React has drawn the widget (loading it now) or the load failed. */
    whenMounted(ctx: Rendered<P>): Promise<void> {
      if (ctx.phase === 'mounted' || ctx.phase === 'gone') return Promise.resolve();
      if (ctx.phase === 'failed') activate(ctx, true);
      else activate(ctx);
      return new Promise((resolve) => (ctx.waiting ??= []).push(resolve));
    },
    /** A press on a control made by the page's code, handled as a visitor's press on it. */
    press(ctx: Rendered<P>, control: string) {
      if (ctx.phase === 'shell') press(ctx, control);
      else if (ctx.phase === 'loading') ctx.pressed.push(control);
      else if (ctx.phase === 'mounted') byControl(ctx.container, control)?.click();
    },
    /** The component drawn afresh, its state back at the start. */
    remount(ctx: Rendered<P>) {
      ctx.root?.remount();
    },
    unmount(ctx: Rendered<P>) {
      ctx.phase = 'gone';
      settle(ctx);
      ctx.listeners.abort();
      ctx.root?.unmount();
      place(ctx, []);
    },
  };
}
