// What the Embeds pages write from an embed: the React lines a partner's developer pastes, the origins
// and countries as a person types them (one a line, or separated by commas), and the API's answer.
import type { Embed } from '../model/embeds';

/** An embed as the desk's API answers it: the stored embed, its English consent sentence and its snippet. */
export type EmbedAnswer = Embed & { consentText: string; consentVersion: string; snippet: string };
export type RefusedOrigin = { origin: string; count: number; lastAt: string };
export type EmbedDetail = EmbedAnswer & { refusedOrigins: RefusedOrigin[] };

/** The lines of a text field, trimmed, blank ones left out (origins one a line; commas too, as people paste them). */
export const linesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The service's API address the snippet names (its `backend-url`), so the React lines name the same one. */
export function backendUrlOf(snippet: string): string {
  return /backend-url="([^"]*)"/.exec(snippet)?.[1]?.replace(/&amp;/g, '&') ?? '/api';
}

/** A JSX attribute's value: a plain string, or an expression when it holds what a JSX string cannot (quotes, braces). */
const attr = (value: string) => (/["{}<>\\]/.test(value) ? `{${JSON.stringify(value)}}` : `"${value}"`);

/** The React lines for the embed: the components with the same attributes as the snippet's elements. */
export function reactLines(embed: Pick<EmbedAnswer, 'id' | 'brandName' | 'agents' | 'snippet'>): string {
  const common = `embed=${attr(embed.id)} backendUrl=${attr(backendUrlOf(embed.snippet))}`;
  return [
    `import { DemoRequest, Feedback, VoiceDemo } from 'ai-agent-widgets/react';`,
    '',
    `<DemoRequest ${common} brandName=${attr(embed.brandName)} />`,
    ...embed.agents.map((agent) => `<VoiceDemo ${common} agentId=${attr(agent)} />`),
    `<Feedback ${common} />`,
  ].join('\n');
}
