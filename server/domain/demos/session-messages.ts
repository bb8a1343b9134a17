// The provider's session.* messages about a web chat (a chat has no end-of-call report). The chat's session
// carries what the widget sent as `assistantOverrides.variableValues.demoSessionId`: a claim, matched to a
// grant for the same assistant only; once matched, the session's own id finds the demo too.
import type { Store } from '../../storage/index.ts';
import { idText, object, PROVIDER_LIMITS } from '../calls/vapi.ts';

const KINDS = { 'session.created': 'created', 'session.updated': 'updated', 'session.deleted': 'deleted' } as const;

export const isSessionMessage = (type: unknown): type is keyof typeof KINDS =>
  typeof type === 'string' && Object.hasOwn(KINDS, type);

const WHO: Record<string, string> = { user: 'User', assistant: 'AI', bot: 'AI' };

/** The chat's words as a call's transcript reads ("User: …" / "AI: …"), cut as a call's is; null without any. */
export function chatTranscript(messages: unknown): string | null {
  if (!Array.isArray(messages)) return null;
  const lines = messages.flatMap((item) => {
    const { role, content, message } = object(item);
    const words = typeof content === 'string' ? content : typeof message === 'string' ? message : '';
    const who = WHO[String(role)];
    return who && words.trim() ? [`${who}: ${words.trim()}`] : [];
  });
  return lines.length ? lines.join('\n').slice(0, PROVIDER_LIMITS.transcript) : null;
}

/** 'updated', 'unchanged' (the demo has ended) or 'unknown' (no grant it can be matched to). */
export async function receiveSessionMessage(store: Store, message: Record<string, unknown>, now: number) {
  if (!isSessionMessage(message.type)) return 'unknown' as const;
  const session = object(message.session);
  const overrides = object(session.assistantOverrides);
  return store.demos.session({
    kind: KINDS[message.type],
    id:
      idText(object(overrides.variableValues).demoSessionId) ??
      idText(object(overrides.metadata).demoSessionId) ??
      null,
    providerSessionId: idText(session.id) ?? null,
    assistantId: idText(session.assistantId) ?? idText(object(message.assistant).id) ?? null,
    now,
    transcript: chatTranscript(session.messages),
  });
}
