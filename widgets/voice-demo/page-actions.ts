import type { VoiceClient } from './contract';
import { runWithin, toolOf, toolWords, urlAllowed } from './tools';
import type { PageTools, ToolCall, ToolDone, ToolOutcome } from './tools';

/** The two actions a page has without registering them; a page's own tool of the same name comes first. */
export const BUILT_IN: Record<string, (args: Record<string, unknown>, host: Element, origins: string) => ToolOutcome> =
  {
    open_demo_request: (args, host) => openDemoRequest(args, host),
    open_url: (args, host, origins) => openUrl(args, host, origins),
  };

/**
 * Focuses the page's `<ai-demo-request>`, choosing `args.agentId` among its agents when given: a native radio of
 * its agent group (`data-control="agent-…"`), pressed as a visitor would, before its code has loaded as after.
 */
function openDemoRequest(args: Record<string, unknown>, host: Element): ToolOutcome {
  const form = host.ownerDocument.querySelector('ai-demo-request');
  if (!form) return { kind: 'refused', reason: 'there is no demo request form on this page.' };
  const root = form.shadowRoot;
  const agent = typeof args.agentId === 'string' ? args.agentId.trim() : '';
  const radio = agent
    ? root?.querySelector<HTMLInputElement>(`input[type="radio"][value="${CSS.escape(agent)}"]`)
    : null;
  form.scrollIntoView({ block: 'center' });
  if (radio) {
    if (!radio.checked) radio.click();
    radio.focus();
  } else
    root?.querySelector<HTMLElement>('input:checked, input:not([type="hidden"]), button, select, textarea')?.focus();
  return {
    kind: 'ok',
    result:
      agent && !radio
        ? `The demo request form is in view and focused; it offers no agent "${agent}" to choose, so none was chosen.`
        : `The demo request form is in view and focused${radio ? `, with the agent "${agent}" chosen` : ''}.`,
  };
}

/** Follows `args.url` when it is on the page's origin or one of `tool-origins`; refuses anything else. */
function openUrl(args: Record<string, unknown>, host: Element, origins: string): ToolOutcome {
  const view = host.ownerDocument.defaultView;
  if (!view) return { kind: 'refused', reason: 'the page is not open.' };
  const target = urlAllowed(args.url, view.location.href, origins);
  if (!target)
    return {
      kind: 'refused',
      reason: `the address ${JSON.stringify(String(args.url ?? ''))} is not on this site or one it allows, so it was not opened.`,
    };
  // After the message has gone: a navigation ends the page's call.
  setTimeout(() => view.location.assign(target.href), 300);
  return { kind: 'ok', result: `Opened ${target.href}.` };
}

/**
 * Runs one call: the page's tool of its name, else a built-in, within `seconds`; tells the agent how it went
 * (one system message that asks for an answer) and says what it came to. Never throws.
 */
export async function runToolCall(
  call: ToolCall,
  context: {
    tools: PageTools | undefined;
    seconds: number;
    /** `tool-origins`: where `open_url` may go besides the page's own origin. */
    origins?: string;
    host: Element | null;
    client: VoiceClient | null;
  },
): Promise<ToolDone> {
  const own = toolOf(context.tools, call.name);
  const builtIn = !own && context.host && Object.hasOwn(BUILT_IN, call.name) ? BUILT_IN[call.name] : null;
  const outcome: ToolOutcome = own
    ? await runWithin(() => own.run(call.args), context.seconds)
    : builtIn
      ? builtInOutcome(() => builtIn(call.args, context.host!, context.origins ?? ''))
      : { kind: 'unknown' };
  try {
    context.client?.send?.({
      type: 'add-message',
      message: { role: 'system', content: toolWords(call.name, outcome) },
      triggerResponseEnabled: true,
    });
  } catch (error) {
    console.warn('[ai-voice-demo] a tool result could not be told to the agent', error);
  }
  return { name: call.name, ok: outcome.kind === 'ok', ...(own?.description && { description: own.description }) };
}

function builtInOutcome(run: () => ToolOutcome): ToolOutcome {
  try {
    return run();
  } catch (error) {
    return { kind: 'threw', message: error instanceof Error ? error.message : '' };
  }
}
