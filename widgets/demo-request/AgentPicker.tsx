import { useId, type CSSProperties, type ReactNode } from 'react';
import { icon } from '../elements/icons';
import { renderView } from '../react/view';
import type { DemoRequestStrings } from '../lib/strings';
import { AGENTS, type AgentId, type DemoAgent } from './agents';

const ICONS: Record<DemoAgent['icon'], ReactNode> = {
  calendar: <path d="M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />,
  home: <path d="M4 11l8-7 8 7M6 9.5V20h12V9.5M10 20v-6h4v6" />,
  language: <path d="M4 5h9M8.5 3v2M6 5c1 4 4 7 7 8M11 5c-1 4-4 7-7 8M13 21l4-9 4 9M14.5 18h5" />,
  headset: <path d="M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1zM20 14h-3v5h2a1 1 0 0 0 1-1zM17 19c0 1.5-2 2-4 2" />,
};

interface AgentPickerProps {
  t: DemoRequestStrings;
  value: AgentId | null;
  onChange(agentId: AgentId): void;
}

/** The four agent cards: a native radio group, so arrow keys and screen readers work as expected. */
export function AgentPicker({ t, value, onChange }: AgentPickerProps) {
  const name = useId();
  return (
    // role=radiogroup: a fieldset is only a "group"; this names what kind of group it is.
    <fieldset className="agents" part="agents" role="radiogroup">
      <legend className="legend">{t.legend}</legend>
      <div className="agent-grid">
        {AGENTS.map((agent) => {
          const selected = agent.id === value;
          return (
            <label key={agent.id} className="agent" part={selected ? 'agent agent-selected' : 'agent'} style={{ '--agent-colour': agent.colour } as CSSProperties}>
              <input
                className="visually-hidden"
                type="radio"
                name={name}
                value={agent.id}
                checked={selected}
                onChange={() => onChange(agent.id)}
                // The wrapping label would name the radio with all its text (description and
                // the Selected marker too): name it by the title, describe it by the description.
                aria-labelledby={`${name}-${agent.id}-title`}
                aria-describedby={`${name}-${agent.id}-description`}
              />
              <svg className="agent-icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
                {ICONS[agent.icon]}
              </svg>
              <span className="agent-title" id={`${name}-${agent.id}-title`}>
                {t.agentTitles[agent.id]}
              </span>
              <span className="agent-description" id={`${name}-${agent.id}-description`}>
                {t.agentDescriptions[agent.id]}
              </span>
              {selected && (
                <span className="agent-selected">
                  {renderView(icon('check'))} {t.selected}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
