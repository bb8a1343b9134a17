/**
 * Cloudflare Turnstile's script, shared by the widgets that may ask for a check (`turnstile-site-key`): loaded
 * once per page, in the head, explicitly rendered. A strict-CSP page must allow https://challenges.cloudflare.com
 * in script-src and frame-src.
 */
export const TURNSTILE_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

export interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string | null | undefined;
  execute(container: HTMLElement | string, options?: Record<string, unknown>): void;
  reset(widgetId?: string): void;
  remove(widgetId?: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;

/** The script once per page, shared by every widget on it; a failed load may be tried again. */
export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script =
      document.head.querySelector<HTMLScriptElement>(`script[src="${TURNSTILE_SRC}"]`) ??
      Object.assign(document.createElement('script'), { src: TURNSTILE_SRC, async: true });
    script.addEventListener('load', () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile loaded without window.turnstile')),
    );
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`Turnstile could not load from ${TURNSTILE_SRC}`));
    });
    if (!script.isConnected) document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Turnstile's `size`: 'flexible' needs 300 px, a narrow box gets the compact square. */
export const turnstileSize = (box: Element) => (box.getBoundingClientRect().width >= 300 ? 'flexible' : 'compact');
