// The filters the leads' and the demos' lists share: on a phone they fold behind one button that counts
// those set; a period of two dates; the agent; the embed.
import { useEffect, useState, type ChangeEvent } from 'react';
import { api } from '../api';
import { AGENTS } from '../format';

type OnChange = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;

/** The button that unfolds the filters on a phone, saying how many are set. */
export function FiltersToggle(p: { controls: string; active: number; unfolded: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="button button-ghost desk-small-button desk-filters-toggle"
      aria-expanded={p.unfolded}
      aria-controls={p.controls}
      aria-label={p.active ? `Filters, ${p.active} active` : 'Filters'}
      onClick={p.onToggle}
    >
      Filters
      {p.active > 0 && <span className="desk-filters-count">{p.active}</span>}
    </button>
  );
}

/** From and To, each bounding the other; `prefix` keeps the ids of two lists apart. */
export function PeriodFields(p: { prefix: string; from: string; to: string; onFrom: OnChange; onTo: OnChange }) {
  return (
    <>
      <div>
        <label htmlFor={`${p.prefix}-from`}>From</label>
        <input id={`${p.prefix}-from`} type="date" value={p.from} max={p.to || undefined} onChange={p.onFrom} />
      </div>
      <div>
        <label htmlFor={`${p.prefix}-to`}>To</label>
        <input id={`${p.prefix}-to`} type="date" value={p.to} min={p.from || undefined} onChange={p.onTo} />
      </div>
    </>
  );
}

/** Every demo agent, or all of them. */
export function AgentField(p: { prefix: string; value: string; onChange: OnChange }) {
  return (
    <div>
      <label htmlFor={`${p.prefix}-agent`}>Agent</label>
      <select id={`${p.prefix}-agent`} value={p.value} onChange={p.onChange}>
        <option value="">All agents</option>
        {Object.entries(AGENTS).map(([id, title]) => (
          <option key={id} value={id}>
            {title}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The embeds, asked once per list page (a short list); none while they load, or when reading them fails. */
function useEmbedNames() {
  const [embeds, setEmbeds] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    let current = true;
    api<{ embeds: { id: string; name: string }[] }>('/desk/embeds').then(
      (answer) => current && setEmbeds(answer.embeds),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return embeds;
}

/** The embed a list's rows came through (issue 54), or all of them; left out while the desk has none. */
export function EmbedField(p: { prefix: string; value: string; onChange: OnChange }) {
  const embeds = useEmbedNames();
  // A link that names an embed keeps its choice shown even before (or without) the list.
  if (embeds.length === 0 && !p.value) return null;
  const known = embeds.some((e) => e.id === p.value);
  return (
    <div>
      <label htmlFor={`${p.prefix}-embed`}>Embed</label>
      <select id={`${p.prefix}-embed`} value={p.value} onChange={p.onChange}>
        <option value="">All embeds</option>
        {p.value && !known && <option value={p.value}>{p.value}</option>}
        {embeds.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name}
          </option>
        ))}
      </select>
    </div>
  );
}
