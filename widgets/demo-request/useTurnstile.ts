import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Lang } from '../lib/lang';
import { loadTurnstile, turnstileSize, type TurnstileApi } from '../lib/turnstile-script';

// Optional Cloudflare Turnstile in front of Get OTP (`turnstile-site-key`, #22). Turnstile renders
// an iframe into an element it is given, and its script does not support elements inside a shadow
// root: the element gets a light-DOM child `<div slot="challenge">`, shown through a `<slot>` near
// Get OTP (the script: ../lib/turnstile-script.ts).

/** `off`: no site key; `failed`: the script could not load (offline, or a CSP without Cloudflare). */
export type ChallengeStatus = 'off' | 'loading' | 'ready' | 'failed';

export interface Challenge {
  status: ChallengeStatus;
  /** The current token, if the check is passed; a token is good for one request, then `reset`. */
  token(): string | undefined;
  reset(): void;
  focus(): void;
}

export function useTurnstile(siteKey: string | undefined, inside: RefObject<Element | null>, lang: Lang): Challenge {
  const key = siteKey?.trim() ?? '';
  // What became of the script for a key; any other key is still loading.
  const [loaded, setLoaded] = useState<{ key: string; status: 'ready' | 'failed' } | null>(null);
  const status: ChallengeStatus = !key ? 'off' : loaded?.key === key ? loaded.status : 'loading';
  const token = useRef<string | undefined>(undefined);
  const widget = useRef<{ api: TurnstileApi; id: string; box: HTMLElement } | null>(null);

  useEffect(() => {
    const root = inside.current?.getRootNode();
    if (!key || !inside.current) return;
    const box = document.createElement('div');
    box.slot = 'challenge';
    box.tabIndex = -1;
    // Outside a shadow root (never, for the element) the box can sit in the form itself.
    (root instanceof ShadowRoot ? root.host : inside.current).append(box);
    let live = true;
    loadTurnstile().then(
      (api) => {
        if (!live) return;
        const id = api.render(box, {
          sitekey: key,
          language: lang,
          size: turnstileSize(box),
          callback: (value: string) => void (token.current = value),
          'expired-callback': () => void (token.current = undefined),
          'error-callback': () => void (token.current = undefined),
        });
        widget.current = { api, id: id ?? '', box };
        setLoaded({ key, status: 'ready' });
      },
      (error: unknown) => {
        if (!live) return;
        console.error(error);
        setLoaded({ key, status: 'failed' });
      },
    );
    return () => {
      live = false;
      token.current = undefined;
      if (widget.current) widget.current.api.remove(widget.current.id || undefined);
      widget.current = null;
      box.remove();
    };
  }, [key, inside, lang]);

  // Reads refs only, so one object per status: callers may list it as a dependency.
  return useMemo(
    () => ({
      status,
      token: () => token.current,
      reset: () => {
        token.current = undefined;
        widget.current?.api.reset(widget.current.id || undefined);
      },
      focus: () => widget.current?.box.focus(),
    }),
    [status],
  );
}
