import { forwardRef, type ReactNode } from 'react';
import { icon } from '../elements/icons';
import type { Lang } from '../lib/lang';
import type { DemoRequestStrings } from './strings';
import { renderView } from '../react/view';
import { calledTime, callTime } from './call-time';
import type { LeadAnswer as LeadStored } from '../../model/calls';

interface ConfirmationProps {
  lead: LeadStored;
  name: string;
  /** The number as the service wrote it when the code went out (`+91 98765 43210`). */
  phone: string;
  t: DemoRequestStrings;
  lang: Lang;
  onStartOver(): void;
}

/** A repeat request: what already happened to the first one, or still will (#34). */
function repeatText(
  { lead, phone, t, lang }: Omit<ConfirmationProps, 'onStartOver' | 'name'>,
  now: Date,
): { text: string; whole: string[] } | null {
  if (lead.call === 'placed' && lead.calledAt) {
    const { time, date, day } = calledTime(lead.calledAt, lang, now);
    return { text: t.duplicateCalled({ when: t.callWhen[day]({ time, date }), phone }), whole: [phone, time] };
  }
  if (lead.call === 'placed') return { text: t.duplicatePlaced({ phone }), whole: [phone] };
  if (lead.call === 'retrying') return { text: t.duplicateRetrying({ phone }), whole: [phone] };
  if (lead.call === 'not-configured') return { text: t.duplicateNotConfigured({ phone }), whole: [phone] };
  return null;
}

/** What the service did with the request, in one plain sentence per outcome (#21), and a repeat's own (#34). */
export function confirmationText(
  props: Omit<ConfirmationProps, 'onStartOver'>,
  now = new Date(),
): { text: string; whole: string[] } {
  const { lead, name, phone, t, lang } = props;
  const repeat = lead.duplicate ? repeatText(props, now) : null;
  if (repeat) return repeat;
  switch (lead.call) {
    case 'placed':
      return { text: t.callPlaced({ phone }), whole: [phone] };
    case 'scheduled': {
      const { time, date, day } = callTime(lead.callAt!, lang, now);
      return { text: t.callScheduled({ when: t.callWhen[day]({ time, date }), phone }), whole: [phone, time] };
    }
    case 'retrying':
      return { text: t.callRetrying({ phone }), whole: [phone] };
    case 'failed':
      return { text: t.callFailed, whole: [] };
    case 'not-configured':
      return { text: t.callNotConfigured({ name, phone }), whole: [phone] };
  }
}

/** `text` with each of `whole` kept on one line: a phone number or a time split over two reads wrong. */
function keepWhole(text: string, whole: string[]): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  for (;;) {
    const hits = whole
      .filter(Boolean)
      .map((part) => [rest.indexOf(part), part] as const)
      .filter(([at]) => at >= 0);
    if (!hits.length) break;
    const [at, part] = hits.reduce((first, hit) => (hit[0] < first[0] ? hit : first));
    out.push(
      rest.slice(0, at),
      <span key={out.length} className="nowrap">
        {part}
      </span>,
    );
    rest = rest.slice(at + part.length);
  }
  out.push(rest);
  return out;
}

/**
 * Takes the form's place once the request is in, and takes focus there, so it is read where the
 * visitor was looking (the form is hidden, not unmounted: "Request another demo" brings it back).
 */
export const Confirmation = forwardRef<HTMLDivElement, ConfirmationProps>(function Confirmation(props, ref) {
  const { lead, t, onStartOver } = props;
  const { text, whole } = confirmationText(props);
  return (
    <div ref={ref} className="confirmation" part="confirmation" role="status" tabIndex={-1} data-call={lead.call}>
      {/* No call will come (or none is set up): the request is in, but a check mark would promise more. */}
      {renderView(icon(lead.call === 'failed' || lead.call === 'not-configured' ? 'info' : 'check'))}
      <p>
        {lead.duplicate && <>{t.duplicate} </>}
        {keepWhole(text, whole)}
      </p>
      <button type="button" className="link-button" onClick={onStartOver}>
        {t.startOver}
      </button>
    </div>
  );
});
