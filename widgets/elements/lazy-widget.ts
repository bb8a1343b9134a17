// The contract between an element, its lazy renderer and the React layer: types only.
import type { ViewNode } from './view';

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
  mountReact<P extends object>(
    container: ShadowRoot,
    Component: WidgetComponent<P>,
    props: P,
    onCommit: () => void,
  ): MountedRoot<P>;
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
  shell?: (props: P) => ViewNode;
  /**
   * What the presses on shell controls (their `data-control` names, in order) mean before React is
   * there: the shell to show now, and the controls React's matching ones get pressed on, in order,
   * once it arrives. Without it, the shell stays and the last press is passed on.
   */
  onShellPress?: (controls: string[], props: P) => { shell: ViewNode; replay: string[] };
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

/**
 * What the renderer asks of the element it draws in (`WidgetElement`'s protected hooks, which a
 * widget's element class overrides for needs of its own: the voice demo's call).
 */
export interface WidgetHost<P> {
  shellPressed(controls: string[], props: P): void;
  loadFailed(): void;
  intent(props: P): Promise<unknown> | void;
  holdReact?(): Promise<unknown> | void;
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
