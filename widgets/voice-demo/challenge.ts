import { GateError } from './gate-error';

/**
 * Cloudflare Turnstile before a demo (`turnstile-site-key`): its script is loaded only when the visitor starts
 * one, rendered explicitly, run on demand (`execution: 'execute'`) and seen only when it needs the visitor
 * (`appearance: 'interaction-only'`). Its script does not render into a shadow root: the check goes into a
 * light-DOM child of the element, `<div slot="challenge">`, shown through a slot the widget adds under its card.
 * A strict-CSP page must allow https://challenges.cloudflare.com in script-src and frame-src.
 */
export const TURNSTILE_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** How long the visitor has for the check, if it asks them anything. */
const CHALLENGE_MS = 120_000;

interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string | null | undefined;
  execute(container: HTMLElement | string, options?: Record<string, unknown>): void;
  reset(widgetId?: string): void;
}

const turnstileOf = () => (window as unknown as { turnstile?: TurnstileApi }).turnstile;

let loading: Promise<TurnstileApi> | null = null;

/** The script once per page (the same tag `<ai-demo-request>` adds, if it came first); a failed load may be tried again. */
function loadTurnstile(): Promise<TurnstileApi> {
  const ready = turnstileOf();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script =
      document.head.querySelector<HTMLScriptElement>(`script[src="${TURNSTILE_SRC}"]`) ??
      Object.assign(document.createElement('script'), { src: TURNSTILE_SRC, async: true });
    script.addEventListener('load', () => {
      const api = turnstileOf();
      if (api) resolve(api);
      else reject(new Error('Turnstile loaded without window.turnstile'));
    });
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

interface Rendered {
  api: TurnstileApi;
  id: string;
  box: HTMLElement;
  /** The request waiting for the next token, if any. */
  waiting: { resolve(token: string): void; reject(error: unknown): void } | null;
}

const rendered = new WeakMap<Element, Rendered>();

const refused = () => new GateError('demo-unavailable', 'The check before the demo did not pass.');

/** The box in the element's light DOM and, in its shadow root, the slot that shows it. */
function boxOf(host: Element): HTMLElement {
  const root = host.shadowRoot;
  if (root && !root.querySelector('slot[name="challenge"]')) {
    const slot = Object.assign(document.createElement('slot'), { name: 'challenge' });
    slot.setAttribute('part', 'challenge');
    slot.style.cssText = 'display:block;margin-top:8px';
    root.append(slot);
  }
  const box = document.createElement('div');
  box.slot = 'challenge';
  host.append(box);
  return box;
}

/** A fresh Turnstile token for one ask of the gate (a token is good once). */
export async function challengeToken(
  { host, siteKey, lang }: { host: Element; siteKey: string; lang?: string },
  signal?: AbortSignal,
): Promise<string> {
  let api: TurnstileApi;
  try {
    api = await loadTurnstile();
  } catch {
    throw refused();
  }
  let widget = rendered.get(host);
  const token = new Promise<string>((resolve, reject) => {
    const waiting = { resolve, reject };
    if (widget) {
      widget.waiting = waiting;
      widget.api.reset(widget.id || undefined);
      widget.api.execute(widget.box);
      return;
    }
    const box = boxOf(host);
    const own: Rendered = { api, id: '', box, waiting };
    const settle = (value: string | null) => {
      const w = own.waiting;
      own.waiting = null;
      if (value) w?.resolve(value);
      else w?.reject(refused());
    };
    own.id =
      api.render(box, {
        sitekey: siteKey.trim(),
        appearance: 'interaction-only',
        execution: 'execute',
        // 'flexible' needs 300 px: a narrow card gets the compact square.
        size: host.getBoundingClientRect().width >= 300 ? 'flexible' : 'compact',
        ...(lang && { language: lang }),
        callback: (value: string) => settle(value),
        'error-callback': () => settle(null),
        'expired-callback': () => void 0,
      }) ?? '';
    rendered.set(host, (widget = own));
    api.execute(box);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(refused()), CHALLENGE_MS);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  try {
    return await Promise.race([token, stop]);
  } finally {
    clearTimeout(timer);
  }
}
