// The AI demo call: the voice provider calls the visitor with the demo agent's assistant.
// Uses the private key, which never leaves the service.
import type { AgentId, ServerConfig } from '../config.ts';
import type { CallStatus } from '../storage/types.ts';

export type CallOutcome = { status: CallStatus; callId: string | null; error: string | null };

export async function placeDemoCall(voice: ServerConfig['voice'], timeoutMs: number, agentId: AgentId, customer: { number: string; name: string }): Promise<CallOutcome> {
  const assistantId = voice.assistants[agentId];
  if (!voice.privateKey || !voice.phoneNumberId || !assistantId) return { status: 'not-configured', callId: null, error: null };
  try {
    const res = await fetch(`${voice.apiUrl}/call`, {
      method: 'POST',
      headers: { authorization: `Bearer ${voice.privateKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId, phoneNumberId: voice.phoneNumberId, customer }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return { status: 'queued', callId: null, error: `voice provider answered ${res.status}` };
    const body = (await res.json()) as { id?: string };
    return { status: 'placed', callId: body.id ?? null, error: null };
  } catch (error) {
    // The lead is kept either way; the team sees the failure in the export and calls back.
    return { status: 'queued', callId: null, error: `voice provider unreachable: ${(error as Error).name}` };
  }
}
