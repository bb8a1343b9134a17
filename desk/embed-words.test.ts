import { describe, expect, it } from 'vitest';
import { embedSnippet } from '../model/embeds';
import { backendUrlOf, linesOf, reactLines } from './embed-words';

describe('the Embeds pages’ words', () => {
  it('takes origins one a line or comma-separated, without blanks', () => {
    expect(linesOf(' https://a.example \n\n https://b.example, https://c.example\n')).toEqual([
      'https://a.example',
      'https://b.example',
      'https://c.example',
    ]);
  });

  it('writes the React lines with the snippet’s backend address and each agent', () => {
    const embed = { id: 'emb_0123456789abcdef', brandName: 'Acme "Co"', agents: ['receptionist' as const] };
    const snippet = embedSnippet(embed, 'https://svc.example/');
    expect(backendUrlOf(snippet)).toBe('https://svc.example/api');
    const lines = reactLines({ ...embed, snippet });
    expect(lines).toContain(
      '<DemoRequest embed="emb_0123456789abcdef" backendUrl="https://svc.example/api" brandName={"Acme \\"Co\\""} />',
    );
    expect(lines).toContain('agentId="receptionist"');
    expect(lines.match(/<VoiceDemo /g)).toHaveLength(1);
  });
});
