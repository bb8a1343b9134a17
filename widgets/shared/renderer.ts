import type { ComponentType } from 'react';
import type { R2WCRenderer } from '@r2wc/core';
import { reportError } from './report';
import { patchShell, shellToDom, type ShellNode } from './shell';
import type { MountedRoot } from './react-root';

export interface LazyWidget<P> {
  /** The React component, from its own chunk. */
  load: () => Promise<ComponentType<P>>;
  /**
   * The widget's first state, drawn without React. React (about 70 KB gzip) then loads when
   * a visitor points at, touches or focuses the widget, so a page pays for it only on use.
   * Without a shell, React loads at once.
   */
  shell?: ShellNode;
  /**
   * The shell after a press on its control, for a control that toggles (the voice button shows
   * Connecting at once). React gets the press when it arrives; an even number of presses cancel out.
   */
  pressed?: ShellNode;
  /**
   * Load once the widget is on screen and the browser is idle, not only on a visitor's reach:
   * for a widget whose first answer needs React (the feedback dialog must open within 100 ms).
   */
  loadWhenVisible?: boolean;
  /** Shown with a "Try again" button when the code cannot load: "The voice demo could not load." */
  loadError: string;
  /** Names the widget in error reports. */
  widget: string;
}

interface Context<P> {
  container: ShadowRoot;
  props: P;
  phase: 'shell' | 'loading' | 'mounted' | 'failed' | 'gone';
  /** What stands in for React: the shell, or the load error. */
  placeholder: Node[];
  /** The `part` of a shell control clicked before React was there, clicked again once it is. */
  clickedPart: string | null;
  /** Presses on a toggling shell (see `pressed`), counted until React takes them over. */
  presses: number;
  root?: MountedRoot<P>;
  listeners: AbortController;
}

/** Reaching for a widget: hover, touch, press or keyboard focus. */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

let reactChunk: Promise<typeof import('./react-root')> | undefined;
const loadReact = () => (reactChunk ??= import('./react-root').catch((error: unknown) => {
  reactChunk = undefined;
  throw error;
}));

function place<P>(ctx: Context<P>, nodes: Node[]) {
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
const partOf = (node: Element | null | undefined) => node?.closest('[part]')?.getAttribute('part')?.split(' ')[0] ?? null;
const byPart = (root: ShadowRoot, part: string) => root.querySelector<HTMLElement>(`[part~="${CSS.escape(part)}"]`);

/**
 * An r2wc renderer that draws the widget's first state by hand and brings in React and the
 * component only when needed. The swap happens within one frame: React's DOM is committed,
 * the shell leaves, focus and a pending click move to React's matching control.
 */
export function lazyRenderer<P extends object>(spec: LazyWidget<P>): R2WCRenderer<P, Context<P>> {
  const failed = (ctx: Context<P>) => {
    const doc = ctx.container.ownerDocument;
    const alert = shellToDom(
      ['div', { class: 'root' }, ['div', { class: 'load-error', role: 'alert' }, ['span', {}, spec.loadError], ['button', { type: 'button', class: 'inline-action' }, 'Try again']]],
      doc,
    ) as HTMLElement;
    alert.querySelector('button')!.addEventListener('click', () => activate(ctx, true));
    ctx.phase = 'failed';
    // "Try again" brings the widget back at rest; it does not replay the press that failed.
    ctx.clickedPart = null;
    ctx.presses = 0;
    place(ctx, [alert]);
  };

  const committed = (ctx: Context<P>) => {
    const active = ctx.container.activeElement;
    const hadFocus = !!active && ctx.placeholder.some((node) => node.contains(active));
    const focusedPart = partOf(active);
    place(ctx, []);
    ctx.listeners.abort();
    // Focus stays where the visitor had it: on React's matching control, else its first one.
    if (hadFocus) ((focusedPart && byPart(ctx.container, focusedPart)) || ctx.container.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    const clicked = spec.pressed && ctx.presses % 2 === 0 ? null : ctx.clickedPart;
    ctx.clickedPart = null;
    // After React has finished this commit, so the click is handled like any other.
    if (clicked) queueMicrotask(() => byPart(ctx.container, clicked)?.click());
  };

  const activate = (ctx: Context<P>, retry = false) => {
    if (ctx.phase !== 'shell' && !(retry && ctx.phase === 'failed')) return;
    ctx.phase = 'loading';
    Promise.all([loadReact(), spec.load()]).then(
      ([{ mountReact }, Component]) => {
        if (ctx.phase !== 'loading') return;
        ctx.phase = 'mounted';
        ctx.root = mountReact(ctx.container, Component, ctx.props, () => committed(ctx));
      },
      (error: unknown) => {
        if (ctx.phase !== 'loading') return;
        reportError(error, { widget: spec.widget, stage: 'load' });
        failed(ctx);
        if (retry) (ctx.placeholder[0] as HTMLElement).querySelector('button')?.focus();
      },
    );
  };

  return {
    mount(container, _component, props) {
      const ctx: Context<P> = { container: container as unknown as ShadowRoot, props, phase: 'shell', placeholder: [], clickedPart: null, presses: 0, listeners: new AbortController() };
      if (!spec.shell) {
        activate(ctx);
        return ctx;
      }
      place(ctx, [shellToDom(spec.shell, ctx.container.ownerDocument)]);
      const { signal } = ctx.listeners;
      if (spec.loadWhenVisible) whenVisibleAndIdle(ctx.container.host, signal, () => activate(ctx));
      for (const type of INTENT) ctx.container.addEventListener(type, () => activate(ctx), { signal, passive: true });
      ctx.container.addEventListener(
        'click',
        (event) => {
          // Only a press on a control counts (not one on the status text around it).
          const part = partOf((event.target as Element).closest('button'));
          if (!part) return;
          ctx.clickedPart = part;
          if (spec.pressed && spec.shell && ctx.phase !== 'failed') {
            ctx.presses++;
            // In place, so the button keeps focus and the status region announces the change.
            ctx.placeholder = [patchShell(ctx.placeholder[0]!, ctx.presses % 2 ? spec.pressed : spec.shell)];
          }
          activate(ctx);
        },
        { signal },
      );
      return ctx;
    },
    update(ctx, props) {
      ctx.props = props;
      ctx.root?.render(props);
    },
    unmount(ctx) {
      ctx.phase = 'gone';
      ctx.listeners.abort();
      ctx.root?.unmount();
      place(ctx, []);
    },
  };
}
