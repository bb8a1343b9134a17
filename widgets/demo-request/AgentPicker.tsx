import type { CSSProperties } from 'react';
import { renderView } from '../react/view';
import type { DemoRequestStrings } from './strings';
import { AGENTS, type AgentId } from './agents';
import { agentsView } from './view';

interface AgentPickerProps {
  t: DemoRequestStrings;
  value: AgentId | null;
  /** The request is in: the choice is settled, shown as one line that cannot be changed (#34). */
  settled?: boolean;
  /** With `embed`: the embed's agents, the only cards offered. */
  agents?: readonly AgentId[];
  onChange(agentId: AgentId): void;
}

/** The four agent cards: the view the shell draws before React, with React holding the choice. */
export function AgentPicker({ t, value, settled, agents, onChange }: AgentPickerProps) {
  if (settled && value) {
    // The cards' own icon and colour, so the line reads as the card it replaced; plain text, not a control.
    const colour = AGENTS.find((agent) => agent.id === value)?.colour;
    return (
      <p className="agent-summary" part="agents" style={{ '--agent-colour': colour } as CSSProperties}>
        {t.agentChosen({ agent: t.agentTitles[value] })}
      </p>
    );
  }
  return renderView(agentsView(t, value, agents), (attrs) =>
    attrs.type === 'radio'
      ? { checked: attrs.value === value, onChange: () => onChange(attrs.value as AgentId) }
      : undefined,
  );
}
