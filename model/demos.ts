// The web demos as the desk shows them (issue 46): a demo in the list, one with its conversation, and the
// overview's demo figures. Declared once for the service (which builds them) and the desk (which shows them).

/** How a demo was held: a call, a typed chat, or a chat with calls in it (one demo). */
export const DEMO_MODES = ['voice', 'text', 'hybrid'] as const;
export type DemoMode = (typeof DEMO_MODES)[number];

/** The team's word for each mode. */
export const DEMO_MODE_WORDS: Record<DemoMode, string> = { voice: 'Call', text: 'Chat', hybrid: 'Chat and call' };

/** A demo in the desk's list: who it was with, where and when, how it ended, and the lead that followed. */
export type ListedDemo = {
  id: string;
  createdAt: string;
  /** null: the site's own assistant. */
  agentId: string | null;
  mode: string;
  origin: string;
  pageUrl: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  endedReason: string | null;
  /** The first lead asked for after it (from the same tab), if any. */
  leadId: number | null;
};

/** One demo with what the provider reported and the lead that followed it. */
export type DemoDetail = Omit<ListedDemo, 'leadId'> & {
  summary: string | null;
  transcript: string | null;
  lead: { id: number; name: string; createdAt: string } | null;
};

/** The overview's demos: per day (the zone's days), per page, and how many were followed by a lead. */
export type DemoFigures = {
  total: number;
  followed: number;
  perDay: { day: string; demos: number }[];
  byPage: { page: string; demos: number; followed: number }[];
};

/** Where a demo was held, as the overview groups them: the page's origin and path (no query, no fragment). */
export function demoPage(origin: string, pageUrl: string | null): string {
  if (!pageUrl) return origin;
  try {
    const url = new URL(pageUrl);
    return url.origin === origin ? `${url.origin}${url.pathname}`.slice(0, 200) : origin;
  } catch {
    return origin;
  }
}

/** One turn of a transcript: who spoke and what they said. */
export type Turn = { who: 'agent' | 'visitor' | 'tool' | null; text: string };

const SPEAKERS: [RegExp, Turn['who']][] = [
  [/^(AI|Assistant|Agent|Bot)\s*:\s*/i, 'agent'],
  [/^(User|Visitor|Customer|Human)\s*:\s*/i, 'visitor'],
  // A page tool the agent called, as the voice demo writes it ("Tool: Looked up the next free slot").
  [/^Tool\s*:\s*/i, 'tool'],
];

/**
 * A transcript as the provider writes it ("AI: …" and "User: …" lines) as turns; a line without a speaker
 * continues the turn before it (or stands alone, speaker unknown).
 */
export function transcriptTurns(transcript: string): Turn[] {
  const turns: Turn[] = [];
  for (const raw of transcript.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const speaker = SPEAKERS.find(([re]) => re.test(line));
    if (speaker) turns.push({ who: speaker[1], text: line.replace(speaker[0], '') });
    else if (turns.length) turns[turns.length - 1].text += `\n${line}`;
    else turns.push({ who: null, text: line });
  }
  return turns;
}
