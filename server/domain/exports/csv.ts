// Rows as CSV and leads as flat rows: the exports' (and the desk's download's) one format.
import type { Call } from '../../../model/calls.ts';
import type { Lead } from '../../../model/lead.ts';
import type { FeedbackRow } from '../../storage/index.ts';

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * One CSV cell: quoted, quotes doubled, and a leading = + - @ neutralised so a spreadsheet never runs
 * a visitor's text as a formula; a validated phone number (`phone` columns) stays dialable.
 */
export function csvCell(value: string | number | boolean | null, column = ''): string {
  let text = value === null || value === undefined ? '' : String(value);
  const dialable = column === 'phone' && E164.test(text);
  if (!dialable && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv<T extends object>(columns: readonly (keyof T & string)[], rows: T[]): string {
  return (
    [
      columns.join(','),
      ...rows.map((row) => columns.map((c) => csvCell(row[c] as string | number | boolean | null, c)).join(',')),
    ].join('\r\n') + '\r\n'
  );
}

/** A lead and its call as one flat row (the columns of both exports, camelCase). */
export function leadRow({ lead, call }: { lead: Lead; call: Call | null }) {
  const { consent: c, source: s } = lead;
  return {
    id: lead.id,
    createdAt: lead.createdAt,
    agentId: lead.agentId,
    name: lead.name,
    phone: lead.phone,
    consentText: c.text,
    consentVersion: c.version,
    consentSha256: c.sha256,
    consentedAt: c.consentedAt,
    verifiedAt: c.verifiedAt,
    pageUrl: s.pageUrl,
    referrer: s.referrer,
    userAgent: s.userAgent,
    clientIp: s.ip,
    timeZone: s.timeZone,
    utmSource: s.utm.source ?? null,
    utmMedium: s.utm.medium ?? null,
    utmCampaign: s.utm.campaign ?? null,
    utmTerm: s.utm.term ?? null,
    utmContent: s.utm.content ?? null,
    gclid: s.clickIds.gclid ?? null,
    fbclid: s.clickIds.fbclid ?? null,
    metadata: Object.keys(s.metadata).length ? JSON.stringify(s.metadata) : null,
    callStatus: call?.status ?? null,
    callAttempts: call?.attempts ?? 0,
    callAt: call?.callAt ?? null,
    callLastError: call?.lastError ?? null,
    callFailureReason: call?.failureReason ?? null,
    callId: call?.providerCallId ?? null,
    callEndedReason: call?.endedReason ?? null,
    callStartedAt: call?.startedAt ?? null,
    callEndedAt: call?.endedAt ?? null,
    callDurationSeconds: call?.durationSeconds ?? null,
    callSummary: call?.summary ?? null,
    callSuccessEvaluation: call?.successEvaluation ?? null,
    callRecordingUrl: call?.recordingUrl ?? null,
    // The embed the form was part of (issue 54): its id, empty for the service's own pages.
    embed: lead.embedId ?? null,
  };
}

/** A feedback row as the exports write it. */
export const feedbackRow = (r: FeedbackRow) => ({ ...r, embed: r.embedId });

export const FEEDBACK_COLUMNS = [
  'id',
  'createdAt',
  'name',
  'email',
  'message',
  'embed',
] as const satisfies readonly (keyof ReturnType<typeof feedbackRow>)[];
export const LEAD_EXPORT_COLUMNS = Object.keys(
  leadRow({ lead: { consent: {}, source: { utm: {}, clickIds: {}, metadata: {} } } as Lead, call: null }),
) as (keyof ReturnType<typeof leadRow>)[];
