// An embed's form (admins): adding one, or changing one. Every field is the person's own state, so a
// refusal keeps what they typed; the refusal is said in words next to the field it is about (the API
// names it), and read out at once.
import { useId, useState, type FormEvent } from 'react';
import { AGENT_IDS, AGENT_TITLES, type AgentId } from '../../model/agents';
import { api, ApiError } from '../api';
import { linesOf, type EmbedAnswer } from '../embed-words';

type Field = 'name' | 'origins' | 'brandName' | 'agents' | 'countries' | '';

export function EmbedForm({ embed, onSaved }: { embed?: EmbedAnswer; onSaved: (saved: EmbedAnswer) => void }) {
  const id = useId();
  const [name, setName] = useState(embed?.name ?? '');
  const [origins, setOrigins] = useState(embed?.origins.join('\n') ?? '');
  const [brandName, setBrandName] = useState(embed?.brandName ?? '');
  const [agents, setAgents] = useState<AgentId[]>(embed?.agents ?? [...AGENT_IDS]);
  const [countries, setCountries] = useState(embed?.countries.join(', ') ?? '');
  const [refusal, setRefusal] = useState<{ field: Field; message: string } | null>(null);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const toggle = (agent: AgentId) =>
    setAgents((now) =>
      now.includes(agent) ? now.filter((a) => a !== agent) : AGENT_IDS.filter((a) => a === agent || now.includes(a)),
    );

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setRefusal(null);
    setDone('');
    const codes = linesOf(countries).map((c) => c.toUpperCase());
    const body = {
      name: name.trim(),
      origins: linesOf(origins),
      brandName: brandName.trim(),
      agents,
      // Empty means every country codes are sent to: left out when adding, and kept as it was when changing.
      ...(codes.length ? { countries: codes } : {}),
    };
    try {
      const saved = await api<EmbedAnswer>(embed ? `/desk/embeds/${embed.id}` : '/desk/embeds', {
        method: embed ? 'PATCH' : 'POST',
        body,
      });
      setDone(embed ? `${saved.name} is saved.` : `${saved.name} is added.`);
      if (!embed) {
        setName('');
        setOrigins('');
        setBrandName('');
        setAgents([...AGENT_IDS]);
        setCountries('');
      }
      onSaved(saved);
    } catch (err) {
      const apiError = err as ApiError;
      const field = String(apiError.body.field ?? '') as Field;
      setRefusal({ field, message: apiError.message });
      // To the field that is wrong, with what was typed still in it.
      if (field) requestAnimationFrame(() => document.getElementById(`${id}-${field}`)?.focus());
    }
    setBusy(false);
  }

  /** A field's refusal, next to it; the field says it is wrong and is described by it. */
  const wrong = (field: Field) => (refusal && refusal.field === field ? refusal.message : '');
  const described = (field: Field, hint?: string) =>
    [hint, wrong(field) && `${id}-${field}-error`].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field) =>
    wrong(field) ? (
      <p id={`${id}-${field}-error`} className="desk-error desk-field-error">
        {wrong(field)}
      </p>
    ) : null;
  const elsewhere = refusal && !['name', 'origins', 'brandName', 'agents', 'countries'].includes(refusal.field);

  return (
    <form className="desk-form desk-embed-form" onSubmit={save} noValidate>
      <label htmlFor={`${id}-name`}>Name</label>
      <input
        id={`${id}-name`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        maxLength={100}
        aria-invalid={wrong('name') ? true : undefined}
        aria-describedby={described('name')}
      />
      {fieldError('name')}

      <label htmlFor={`${id}-origins`}>Origins</label>
      <textarea
        id={`${id}-origins`}
        value={origins}
        onChange={(e) => setOrigins(e.target.value)}
        rows={3}
        required
        spellCheck={false}
        autoCapitalize="off"
        aria-invalid={wrong('origins') ? true : undefined}
        aria-describedby={described('origins', `${id}-origins-hint`)}
      />
      <p id={`${id}-origins-hint`} className="desk-muted desk-field-hint">
        One a line, as scheme://host[:port], for example https://partner.example; https://*.partner.example for every
        subdomain.
      </p>
      {fieldError('origins')}

      <label htmlFor={`${id}-brandName`}>Brand</label>
      <input
        id={`${id}-brandName`}
        value={brandName}
        onChange={(e) => setBrandName(e.target.value)}
        required
        maxLength={100}
        aria-invalid={wrong('brandName') ? true : undefined}
        aria-describedby={described('brandName', `${id}-brand-hint`)}
      />
      <p id={`${id}-brand-hint`} className="desk-muted desk-field-hint">
        The name the consent sentence gives: “…calls from {brandName.trim() || 'the brand'}…”.
      </p>
      {fieldError('brandName')}

      <fieldset id={`${id}-agents`} tabIndex={-1} className="desk-checks" aria-describedby={described('agents')}>
        <legend>Agents</legend>
        {AGENT_IDS.map((agent) => (
          <label key={agent} className="desk-check">
            <input type="checkbox" checked={agents.includes(agent)} onChange={() => toggle(agent)} />
            {AGENT_TITLES[agent]}
          </label>
        ))}
      </fieldset>
      {fieldError('agents')}

      <label htmlFor={`${id}-countries`}>Countries</label>
      <input
        id={`${id}-countries`}
        value={countries}
        onChange={(e) => setCountries(e.target.value)}
        spellCheck={false}
        autoCapitalize="characters"
        aria-invalid={wrong('countries') ? true : undefined}
        aria-describedby={described('countries', `${id}-countries-hint`)}
      />
      <p id={`${id}-countries-hint`} className="desk-muted desk-field-hint">
        Country codes such as IN, GB{embed ? '' : '; empty for every country the service sends codes to'}.
      </p>
      {fieldError('countries')}

      {/* Read out at once; shown here only when no field is named (then it is next to the field). */}
      <p role="alert" className={elsewhere ? 'desk-error' : 'visually-hidden'}>
        {refusal?.message}
      </p>
      <p role="status" className="desk-live">
        {done}
      </p>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Saving…' : embed ? 'Save changes' : 'Add embed'}
      </button>
    </form>
  );
}
