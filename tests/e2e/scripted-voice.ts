import type { Page } from '@playwright/test';

/**
 * Gives the page's `<ai-voice-demo>` (the first matching `selector`) a scripted client, the
 * documented way to bring a call without the provider, and returns how to make it emit an event.
 */
export async function scriptedVoice(page: Page, selector = 'ai-voice-demo') {
  await page.evaluate(async (sel) => {
    const { createScriptedClient } = await import('/examples/scripted-client.js' as string);
    const client = createScriptedClient();
    (window as unknown as { scripted: unknown }).scripted = client;
    Object.assign(document.querySelector(sel)!, { client });
  }, selector);
  return (event: string, value?: unknown) =>
    page.evaluate(
      ([e, v]) =>
        (window as unknown as { scripted: { emit(e: string, v?: unknown): void } }).scripted.emit(e as string, v),
      [event, value] as const,
    );
}
