import { useEffect, type ChangeEvent } from 'react';
import { currentZoneName } from '../../model/time-zones';
import { queryOf, type OverviewAnswer } from '../api';
import { agentName } from '../format';
import { useLoad } from '../useLoad';
import { useRouter } from '../router';
import { ByEmbedTable } from './ByEmbedTable';
import { FunnelChart, OutcomesChart, PerDayChart } from './charts';
import { DemosByPageChart } from './demo-charts';
import { TitleRow } from './TitleRow';

/** This browser's time zone (an IANA name), or none when the browser does not say. */
const browserZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

/** Every day from `from` to `to` (days as the overview counts them), with the leads of those that had any. */
function everyDay(from: string, to: string, counted: { day: string; leads: number }[]) {
  const byDay = new Map(counted.map((d) => [d.day, d.leads]));
  const days: { day: string; leads: number }[] = [];
  for (
    let t = Date.parse(`${from}T00:00:00Z`);
    t <= Date.parse(`${to}T00:00:00Z`) && days.length < 400;
    t += 86_400_000
  ) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push({ day, leads: byDay.get(day) ?? 0 });
  }
  return days;
}

/**
 * How the demo requests went in a period: the funnel, leads per day, outcomes by agent and by campaign,
 * the web demos, and each embed's figures once the desk has an embed.
 */
export function OverviewPage({ search }: { search: string }) {
  const { navigate } = useRouter();
  const q = new URLSearchParams(search);
  const filters = { from: q.get('from') ?? '', to: q.get('to') ?? '' };
  // The figures are counts per day: they do not need the list's live updates. Days are counted in this
  // browser's time zone unless the service is set to one (DESK_TIME_ZONE); the answer says which.
  const { data, error } = useLoad<OverviewAnswer>(`/desk/overview${queryOf({ ...filters, tz: browserZone() })}`, '');

  useEffect(() => {
    document.title = 'Overview · Sales desk';
  }, []);

  const change = (name: 'from' | 'to') => (e: ChangeEvent<HTMLInputElement>) =>
    navigate(`/desk/overview${queryOf({ ...filters, [name]: e.target.value })}`, { replace: true });
  const f = data?.funnel;

  return (
    <>
      <TitleRow title="Overview" what="figures" />
      <form className="desk-filters" aria-label="Period" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label htmlFor="o-from">From</label>
          <input
            id="o-from"
            type="date"
            value={filters.from || data?.from || ''}
            max={filters.to || data?.to}
            onChange={change('from')}
          />
        </div>
        <div>
          <label htmlFor="o-to">To</label>
          <input
            id="o-to"
            type="date"
            value={filters.to || data?.to || ''}
            min={filters.from || data?.from}
            onChange={change('to')}
          />
        </div>
        <p className="desk-muted desk-filters-note">
          {data && `Days counted in ${currentZoneName(data.timeZone)}. `}The last 30 days unless you choose.
        </p>
      </form>
      {error && (
        <p role="alert" className="desk-error">
          {error}
        </p>
      )}
      {!data || !f ? (
        !error && <p className="desk-muted">Loading the figures…</p>
      ) : (
        <div className="desk-charts">
          <FunnelChart
            steps={[
              ['Codes sent', f.codesSent],
              ['Phones verified', f.verified],
              ['Leads', f.leads],
              ['Calls placed', f.callsPlaced],
              ['Answered', f.answered],
              ['Successful', f.successful],
            ]}
          />
          <PerDayChart days={everyDay(data.from, data.to, data.perDay)} />
          <OutcomesChart title="Outcomes by agent" keyLabel="Agent" rows={data.byAgent} name={agentName} />
          <OutcomesChart
            title="Outcomes by campaign"
            keyLabel="Campaign (utm_campaign)"
            rows={data.byCampaign}
            name={(k) => k || 'No campaign'}
          />
          {data.demos && (
            <>
              <PerDayChart
                title="Demos per day"
                noun="Demos"
                days={everyDay(
                  data.from,
                  data.to,
                  data.demos.perDay.map((d) => ({ day: d.day, leads: d.demos })),
                )}
              />
              <DemosByPageChart demos={data.demos} />
            </>
          )}
          {data.byEmbed && data.byEmbed.length > 0 && <ByEmbedTable rows={data.byEmbed} />}
        </div>
      )}
    </>
  );
}
