import { loadTurnstile, turnstileSize, type TurnstileApi } from '../lib/turnstile-script';
import { GateError } from './gate-error';

// Cloudflare Turnstile before a demo (`turnstile-site-key`): its script is loaded only when the visitor starts
// one, rendered explicitly, run on demand (`execution: 'execute'`) and seen only when it needs the visitor
// (`appearance: 'interaction-only'`). Its script does not render into a shadow root: the check goes into a
// light-DOM child of the element, `<div slot="challenge">`, shown through a slot the widget adds under its card.
// The script, shared with `<ai-demo-request>`: ../lib/turnstile-script.ts.

/** How long the visitor has for the check, if it asks them anything. */
const CHALLENGE_MS = 120_000;

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
        size: turnstileSize(host),
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
