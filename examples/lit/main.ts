import { html, render } from 'lit-html';
import type { DemoRequestSubmitDetail } from '../../widgets/index';
import { createScriptedClient } from '../scripted-client.js';

/** The page's own state; every change re-renders the template, widgets included. */
interface State {
  brand: string;
  country: string;
  leads: DemoRequestSubmitDetail[];
  log: string[];
}

let state: State = { brand: 'Acme', country: 'IN', leads: [], log: [] };
const voiceClient = createScriptedClient({ autoplay: true });

function set(next: Partial<State>) {
  state = { ...state, ...next };
  render(view(), document.getElementById('app')!);
}

const note = (line: string) => set({ log: [...state.log, line] });

const view = () => html`
  <h1>Widgets in a lit-html page</h1>
  <p>Attributes are bound from the page's state, events update it, and every change re-renders the template.</p>
  <section class="stage">
    <label>Brand <input id="brand" .value=${state.brand} @input=${(e: Event) => set({ brand: (e.target as HTMLInputElement).value })} /></label>
    <label
      >Country
      <select id="country" @change=${(e: Event) => set({ country: (e.target as HTMLSelectElement).value })}>
        ${['IN', 'GB', 'US'].map((c) => html`<option value=${c} ?selected=${c === state.country}>${c}</option>`)}
      </select>
    </label>
  </section>
  <section class="stage">
    <ai-voice-demo
      id="voice"
      public-key="demo-key"
      assistant-id="demo-assistant"
      .client=${voiceClient}
      @ai-voice-demo-start=${() => note('voice: call started')}
      @ai-voice-demo-end=${() => note('voice: call ended')}
    ></ai-voice-demo>
    <ai-feedback id="feedback" backend-url="/api" @ai-feedback-success=${() => note('feedback: sent')}>Tell ${state.brand} what you think</ai-feedback>
  </section>
  <section class="stage">
    <ai-demo-request
      id="demo"
      brand-name=${state.brand}
      default-country=${state.country}
      @ai-demo-request-submit=${(e: CustomEvent<DemoRequestSubmitDetail>) => set({ leads: [...state.leads, e.detail] })}
    ></ai-demo-request>
  </section>
  <h2>Leads</h2>
  <ul id="leads">
    ${state.leads.map((lead) => html`<li>${lead.name}, ${lead.phone}, ${lead.agentId}</li>`)}
  </ul>
  <h2>Events</h2>
  <div id="log" class="log" aria-live="polite">${state.log.join('\n')}</div>
`;

set({});
