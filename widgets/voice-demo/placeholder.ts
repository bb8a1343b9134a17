import { DEFAULT_API_URL } from './contract';

// A setting left as the docs wrote it (`YOUR_PUBLIC_KEY`, `your-assistant-id`, `<key>`, `{{ key }}`) is known before any
// request: the provider could only refuse it, and the visitor would be told to check their connection.
const PLACEHOLDERS = [
  // Brackets, braces or spaces: `<your key>`, `{{key}}`, `paste key here`; real keys and ids have none.
  /[<>{}\s]/,
  // What the docs and the dashboards' examples write: `YOUR_PUBLIC_KEY`, `your-assistant-id`, `insert-key-here`.
  /^(your|insert|enter|paste|replace|put)(?=[-_.]|[A-Z]|$)/i,
  /^(x+|\.{2,}|…|\*+|-+|_+|todo|tbd|changeme|change[-_]?me|placeholder|null|undefined|public[-_]?key|assistant[-_]?id|api[-_]?key|key)$/i,
  /^\$\{.*\}$|^%.*%$|^__.*__$/,
];

/** Whether `value` is a placeholder rather than a setting. */
export const isPlaceholder = (value: string | undefined): boolean => {
  const text = value?.trim() ?? '';
  // A value with a space inside (never one at its ends, which the attribute may carry) is no key.
  return !!text && PLACEHOLDERS.some((pattern) => pattern.test(text));
};

interface Settings {
  publicKey?: string;
  assistantId?: string;
  apiUrl?: string;
}

/**
 * The settings left as placeholders, by attribute. Asked only of a request to the provider itself: a page's own
 * `client`, `simulate` and an `api-url` of the page's own (a proxy, a local stand-in) decide for themselves.
 */
export function placeholders({ publicKey, assistantId, apiUrl }: Settings): string[] {
  const url = apiUrl?.trim().replace(/\/+$/, '');
  if (url && url !== DEFAULT_API_URL) return [];
  return [...(isPlaceholder(publicKey) ? ['public-key'] : []), ...(isPlaceholder(assistantId) ? ['assistant-id'] : [])];
}

const told = new Set<string>();

/** What a developer reads in the console: the settings to set (never their values), once a page. */
export function placeholderAdvice(names: string[]): string {
  return (
    `<ai-voice-demo>: ${names.join(' and ')} ${names.length > 1 ? 'are placeholders' : 'is a placeholder'}, so nothing was sent ` +
    `and visitors read that the demo isn't set up. Set public-key to your Vapi public key and assistant-id to your ` +
    `assistant's id (both in the Vapi dashboard), or add the simulate attribute to play the scripted demo.`
  );
}

/** Whether a placeholder stops the request; the console is told once per page. */
export function placeholdersWarned(settings: Settings): boolean {
  const names = placeholders(settings);
  if (!names.length) return false;
  const advice = placeholderAdvice(names);
  if (!told.has(advice)) {
    told.add(advice);
    console.warn(advice);
  }
  return true;
}
