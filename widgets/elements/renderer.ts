import { reportError } from '../lib/report';
import { retryImport } from '../lib/retry-import';
import { loadErrorView } from './load-error';
import { redrawView, drawView } from './view';
import { byControl, capped, controlOf, FOCUSABLE, handOver, keptByControls, pressMade, replay } from './hand-over';
import type { LazyWidget, Rendered, WidgetComponent, WidgetHost } from './lazy-widget';

export type { LazyWidget, MountedRoot, ReactLayer, Rendered, WidgetComponent, WidgetHost } from './lazy-widget';

/** The control a pointer press on `target` clicks: itself, or the one a label around it stands for. */
const pressedOf = (target: Element) =>
  controlOf(target) ?? controlOf(target.closest?.('label')?.control as Element | null | undefined);

const typing = (target: EventTarget | null) =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type));

/** Reaching for a widget: hover, touch, press or keyboard focus. */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/** The element the widget is drawn in, with the hooks its class may override. */
const hostOf = <P>(ctx: Rendered<P>) => ctx.container.host as unknown as WidgetHost<P>;

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

/**
 * Draws the widget's first state by hand and brings in React and the component only when
 * needed. The swap happens within one frame: React's DOM is committed, the shell leaves, focus
 * and the presses made meanwhile move to React's matching controls.
 */
export function lazyRenderer<P extends object>(spec: LazyWidget<P>) {
  const failed = (ctx: Rendered<P>) => {
    const doc = ctx.container.ownerDocument;
    const alert = drawView(
      ['div', { class: 'root' }, loadErrorView(spec.loadError(ctx.props), spec.tryAgain?.(ctx.props))],
      doc,
    ) as HTMLElement;
    alert.querySelector('button')!.addEventListener('click', () => activate(ctx, true));
    ctx.phase = 'failed';
    hostOf(ctx).loadFailed();
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
    // Focus stays where the visitor had it: on React's matching control, else its first one until
    // the presses below are replayed (the consent's Accept comes with the button's press).
    const match = focused ? byControl(ctx.container, focused) : null;
    const stand = hadFocus ? (match ?? ctx.container.querySelector<HTMLElement>(FOCUSABLE)) : null;
    stand?.focus();
    const refocus = () => {
      if (!stand || match || ctx.container.activeElement !== stand) return;
      byControl(ctx.container, focused!)?.focus();
    };
    // Once React has finished this commit, still in the swap's task: no key can fall between.
    if (kept.length) queueMicrotask(() => handOver(ctx.container, kept));
    // A pointer or key still down on a control that just left would never make its click: count it now.
    const pressed = ctx.held ? [...ctx.pressed, ctx.held] : ctx.pressed;
    ctx.pressed = [];
    ctx.held = null;
    settle(ctx);
    if (!pressed.length) return;
    const controls = spec.onShellPress ? spec.onShellPress(pressed, ctx.props).replay : pressed.slice(-1);
    // After React has finished this commit, so each press is handled like any other; React handles
    // a click at once, so the control focus belongs on is drawn before any key can come.
    if (controls.length) queueMicrotask(() => void replay(ctx.container, controls).then(refocus));
  };

  const activate = (ctx: Rendered<P>, retry = false) => {
    if (ctx.phase !== 'shell' && !(retry && ctx.phase === 'failed')) return;
    const host = hostOf(ctx);
    const first = Promise.resolve(host.intent(ctx.props)).catch(() => {});
    ctx.phase = 'loading';
    // The component's chunk imports React's: both wait, or React would be evaluated with it.
    const clear = first.then(
      () => host.holdReact && pressMade(ctx.container, () => !!ctx.held).then(() => capped(host.holdReact!())),
    );
    const load = () => spec.load();
    const component = clear.then(() =>
      retry
        ? retryImport(ctx.error, load, spec.exportName ? (m) => m[spec.exportName!] as WidgetComponent<P> : undefined)
        : load(),
    );
    Promise.all([clear.then(() => spec.react()), component]).then(
      // A press under way is made on the shell first: a swap between its pointerdown and its click
      // would leave the click nowhere (a card or a box never chosen), and the kept values carry it over.
      ([{ mountReact }, Component]) =>
        pressMade(ctx.container, () => !!ctx.held).then(() => {
          if (ctx.phase !== 'loading') return;
          ctx.phase = 'mounted';
          ctx.root = mountReact(ctx.container, Component, ctx.props, () => committed(ctx));
        }),
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
    hostOf(ctx).shellPressed(ctx.pressed, ctx.props);
    // In place, so the button keeps focus and the status region announces the change.
    if (next) ctx.placeholder = [redrawView(ctx.placeholder[0]!, next)];
    activate(ctx);
  };

  const listen = (ctx: Rendered<P>) => {
    const { signal } = ctx.listeners;
    const on = <K extends keyof HTMLElementEventMap>(type: K, listener: (event: HTMLElementEventMap[K]) => void) =>
      ctx.container.addEventListener(type, listener as EventListener, { signal, passive: type !== 'click' });
    if (spec.loadWhenVisible) whenVisibleAndIdle(ctx.container.host, signal, () => activate(ctx));
    for (const type of INTENT) on(type, () => activate(ctx));
    on('pointerdown', (event) => (ctx.held = event.button === 0 ? pressedOf(event.target as Element) : null));
    // Space presses a button or a box as it comes up; in a text field it is only a character.
    on(
      'keydown',
      (event) =>
        (ctx.held = event.key === ' ' && !typing(event.target) ? controlOf(event.target as Element) : ctx.held),
    );
    on('pointercancel', () => (ctx.held = null));
    // Enter in a field that names the control it presses (`data-enter`, a text field's Send): a press
    // before React, so the words typed are sent once it is there (not a new line). Not passive.
    ctx.container.addEventListener(
      'keydown',
      (e) => {
        const event = e as KeyboardEvent;
        const target = event.target as Element | null;
        const control = target?.getAttribute?.('data-enter');
        if (!control || event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
        event.preventDefault();
        if (ctx.phase !== 'failed') press(ctx, control);
      },
      { signal },
    );
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
      const ctx: Rendered<P> = {
        container,
        props,
        phase: 'shell',
        placeholder: [],
        pressed: [],
        held: null,
        listeners: new AbortController(),
      };
      if (!spec.shell) {
        activate(ctx);
        return ctx;
      }
      // The first paint from the page's HTML (a declarative shadow root) is taken as it is, brought
      // to these props in place: the nodes stay, and with them typed text, a choice and focus.
      const drawn = [...container.children].find((node) => node.localName !== 'style');
      if (drawn) ctx.placeholder = [redrawView(drawn, spec.shell(props))];
      else place(ctx, [drawView(spec.shell(props), container.ownerDocument)]);
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
        const next =
          spec.onShellPress && ctx.pressed.length ? spec.onShellPress(ctx.pressed, props).shell : spec.shell(props);
        ctx.placeholder = [redrawView(ctx.placeholder[0], next)];
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
      // While React loads too, the shell shows the press (a launcher's Escape folds it then and there).
      if (ctx.phase === 'shell' || ctx.phase === 'loading') press(ctx, control);
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
