import { useCallback, useEffect, useRef, type Dispatch, type RefObject } from 'react';
import { loadEmbed, warnNotSetUp, warnOnce, type EmbedAction, type EmbedAnswer, type EmbedState } from './embed';

/**
 * Asks for the widget's embed when the visitor first reaches for it (focus, pointerdown or click on
 * it: `reach`, for the root's capture handlers) or first sends something (`ensure`, awaited before
 * any request). Never before first paint, never without `embed`. A mount with focus already inside
 * (the visitor's reach brought React) asks at once.
 */
export function useEmbed(
  tag: string,
  backendUrl: string | undefined,
  id: string | undefined,
  state: EmbedState,
  /** The reducer's state now (the machine's `current`), so a press before a render sees the answer. */
  read: () => EmbedState,
  dispatch: Dispatch<EmbedAction>,
  rootRef: RefObject<Element | null>,
) {
  const asking = useRef<Promise<EmbedAnswer> | null>(null);
  const ensure = useCallback(async (): Promise<EmbedState> => {
    const now = read();
    if (now.status !== 'unasked' && now.status !== 'asking') return now;
    if (!asking.current) {
      dispatch({ type: 'embed-asked' });
      asking.current = loadEmbed(backendUrl!.trim(), id!.trim());
    }
    const answer = await asking.current;
    asking.current = null;
    dispatch({ type: 'embed-answered', answer });
    if (answer.status === 'ready') return { status: 'ready', embed: answer.embed };
    if (answer.status === 'not-set-up') return { status: 'not-set-up', reason: answer.reason };
    return { status: 'unasked' };
  }, [read, dispatch, backendUrl, id]);
  const reach = useCallback(() => {
    if (state.status === 'unasked') void ensure();
  }, [state.status, ensure]);
  useEffect(() => {
    const root = rootRef.current;
    const active = (root?.getRootNode() as Document | ShadowRoot | undefined)?.activeElement;
    if (root && active && root.contains(active)) reach();
    // Once, on mount: later reaches come through the handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Without a service to ask, the embed cannot decide anything: the page's developer hears why.
  const unreachable = Boolean(id?.trim()) && !backendUrl?.trim();
  useEffect(() => {
    if (unreachable)
      warnOnce(`<${tag}>: embed="${id!.trim()}" is not used: set backend-url to the service's /api address too.`);
  }, [tag, id, unreachable]);
  const reason = state.status === 'not-set-up' ? state.reason : null;
  useEffect(() => {
    if (reason && id) warnNotSetUp(tag, id.trim(), reason);
  }, [tag, id, reason]);
  return { ensure, reach, handlers: { onPointerDownCapture: reach, onFocusCapture: reach, onClickCapture: reach } };
}
