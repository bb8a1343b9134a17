import { renderView } from '../react/view';
import type { DemoRequestStrings } from '../lib/strings';
import type { AgentId } from './agents';
import { agentsView } from './view';

interface AgentPickerProps {
  t: DemoRequestStrings;
  value: AgentId | null;
  onChange(agentId: AgentId): void;
}

/** The four agent cards: the view the shell draws before React, with React holding the choice. */
export function AgentPicker({ t, value, onChange }: AgentPickerProps) {
  return renderView(agentsView(t, value), (attrs) =>
    attrs.type === 'radio' ? { checked: attrs.value === value, onChange: () => onChange(attrs.value as AgentId) } : undefined,
  );
}
