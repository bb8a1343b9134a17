// The leads as rows: one line each from 1024 px (a table), a card of three lines at most below that;
// the whole row opens the lead. A card has no column headings, so its marks carry their own words
// ("Not contacted yet", "Call Answered"), which a table row's headings say; a screen reader hears
// them, and "Received", in both.
import type { ListedLead } from '../api';
import { agentName, ago, OUTCOMES, outcomeIdOf, phone, when } from '../format';
import { Link } from '../router';

export function OutcomeBadge({ call }: { call: Parameters<typeof outcomeIdOf>[0] }) {
  const id = outcomeIdOf(call);
  if (!id) return <span className="desk-badge desk-badge-none">No call</span>;
  return <span className={`desk-badge desk-badge-${id}`}>{OUTCOMES[id].label}</span>;
}

/** Whether the outcome's own words speak of a call ("No call", "Calls not set up"), or it needs "Call" before it ("Busy"). */
const saysCall = (call: Parameters<typeof outcomeIdOf>[0]) => {
  const id = outcomeIdOf(call);
  return !id || /call/i.test(OUTCOMES[id].label);
};

export function Ago({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={when(iso)}>
      {ago(iso)}
    </time>
  );
}

export function LeadRows({ leads, fresh }: { leads: ListedLead[]; fresh: Set<number> }) {
  return (
    <table className="desk-rows">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Phone</th>
          <th scope="col">Agent</th>
          <th scope="col">Outcome</th>
          <th scope="col">Received</th>
          <th scope="col">Contacted</th>
        </tr>
      </thead>
      <tbody>
        {leads.map((l) => (
          <tr key={l.id} className={fresh.has(l.id) ? 'desk-fresh' : undefined}>
            <th scope="row" className="desk-row-name">
              <Link to={`/desk/leads/${l.id}`} className="desk-row-link">
                {l.name}
              </Link>
            </th>
            <td className="desk-row-phone">{phone(l.phone)}</td>
            <td className="desk-row-agent">{agentName(l.agentId)}</td>
            <td className="desk-row-outcome" title={l.call?.summary ?? undefined}>
              {saysCall(l.call) || <span className="desk-card-label">Call </span>}
              <OutcomeBadge call={l.call} />
            </td>
            <td className="desk-row-received">
              <span className="desk-row-label">Received </span>
              <Ago iso={l.createdAt} />
            </td>
            <td className="desk-row-contacted">
              {l.contacted ? (
                <span title={`${when(l.contacted.at)}, ${l.contacted.by}`}>Contacted</span>
              ) : (
                <span className="desk-muted">
                  Not<span className="desk-card-label"> contacted</span> yet
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
