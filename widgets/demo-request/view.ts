import { icon } from '../elements/icons';
import type { ViewNode } from '../elements/view';
import type { WidgetSpec } from '../elements/widget-element';
import type { Localized } from '../lib/lang';
import { DEMO_REQUEST_SHELL } from './shell-strings';
import { AGENTS, type AgentId } from './agents';
import { DEFAULT_COUNTRY, type DemoRequestProps } from './contract';
import { parseCountries, startCountry } from './phone/countries';
import { INDIA_FLAG } from './phone/flags';

/** The texts the form's first state shows (the shell's part of the strings). */
export type FormTexts = (typeof DEMO_REQUEST_SHELL)[keyof typeof DEMO_REQUEST_SHELL];

const ICONS: Record<(typeof AGENTS)[number]['icon'], string> = {
  calendar: 'M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z',
  home: 'M4 11l8-7 8 7M6 9.5V20h12V9.5M10 20v-6h4v6',
  language: 'M4 5h9M8.5 3v2M6 5c1 4 4 7 7 8M11 5c-1 4-4 7-7 8M13 21l4-9 4 9M14.5 18h5',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1zM20 14h-3v5h2a1 1 0 0 0 1-1zM17 19c0 1.5-2 2-4 2',
};

/**
 * The four agent cards: a native radio group (arrow keys, screen readers, and a choice that holds
 * before React). Each radio is named by its title and described by its description, not by all
 * the card's text. Ids are the shadow root's own, so fixed names cannot clash.
 */
export function agentsView(t: FormTexts, selected: AgentId | null, only?: readonly AgentId[]): ViewNode {
  const card = (agent: (typeof AGENTS)[number]): ViewNode => {
    const on = agent.id === selected;
    return [
      'label',
      // The colour by a class of rules, not a style attribute: a strict CSP refuses those in server HTML.
      { class: 'agent', part: on ? 'agent agent-selected' : 'agent', 'data-agent': agent.id },
      // name and value last, where React's server renderer prints them (the test compares the HTML).
      [
        'input',
        {
          class: 'visually-hidden',
          type: 'radio',
          'data-control': `agent-${agent.id}`,
          'aria-labelledby': `agent-${agent.id}-title`,
          'aria-describedby': `agent-${agent.id}-description`,
          name: 'agent',
          value: agent.id,
        },
      ],
      [
        'svg',
        {
          class: 'agent-icon',
          viewBox: '0 0 24 24',
          'aria-hidden': 'true',
          fill: 'none',
          stroke: 'currentColor',
          'stroke-width': '1.8',
          'stroke-linecap': 'round',
          'stroke-linejoin': 'round',
        },
        ['path', { d: ICONS[agent.icon] }],
      ],
      ['span', { class: 'agent-title', id: `agent-${agent.id}-title` }, t.agentTitles[agent.id]],
      ['span', { class: 'agent-description', id: `agent-${agent.id}-description` }, t.agentDescriptions[agent.id]],
      ...(on ? [['span', { class: 'agent-selected' }, icon('check'), ` ${t.selected}`] satisfies ViewNode] : []),
    ];
  };
  // role=radiogroup: a fieldset is only a "group"; this names what kind of group it is.
  return [
    'fieldset',
    { class: 'agents', part: 'agents', role: 'radiogroup' },
    ['legend', { class: 'legend' }, t.legend],
    ['div', { class: 'agent-grid' }, ...AGENTS.filter((agent) => !only || only.includes(agent.id)).map(card)],
  ];
}

/** Each card's accent colour, as rules in the shadow root's CSS. */
export const agentColoursCss = (): string =>
  AGENTS.map((agent) => `.agent[data-agent="${agent.id}"]{--agent-colour:${agent.colour}}`).join('');

/** The name field: a native text input, which keeps what is typed before React on its own. */
export const nameView = (t: FormTexts): ViewNode[] => [
  ['label', { for: 'name' }, t.nameLabel],
  [
    'input',
    {
      id: 'name',
      class: 'text-input',
      type: 'text',
      autocomplete: 'name',
      placeholder: t.namePlaceholder,
      'data-control': 'name',
      value: '',
    },
  ],
];

/**
 * The phone field as the library draws it, until its chunk is in: India's flag and +91 for the
 * default, an empty flag box for another country (its flag and code travel with the field). Its
 * input is a live one, named by the label above it, which keeps what is typed until the library's
 * field takes it over (`phoneDraftValue`).
 */
export function phonePlaceholderView(t: FormTexts, country: string): ViewNode {
  const india = country === DEFAULT_COUNTRY;
  return [
    'div',
    { class: 'PhoneInput phone-box', part: 'phone' },
    [
      'div',
      { class: 'PhoneInputCountry' },
      [
        'div',
        { 'aria-hidden': 'true', class: 'PhoneInputCountryIcon PhoneInputCountryIcon--border' },
        ...(india ? [['img', { class: 'PhoneInputCountryIconImg', src: INDIA_FLAG, alt: '' }] satisfies ViewNode] : []),
      ],
      ['div', { class: 'PhoneInputCountrySelectArrow' }],
    ],
    // Live from the first paint: it takes focus and typing before its code comes, then hands them over.
    [
      'input',
      {
        id: 'phone',
        class: 'PhoneInputInput',
        type: 'tel',
        autocomplete: 'tel',
        'data-control': 'phone',
        value: india ? '+91' : '+',
      },
    ],
    ['button', { type: 'button', class: 'inline-action', part: 'otp-button', disabled: '' }, t.getOtp],
  ];
}

type Props = DemoRequestProps & Localized;

/** `privacy-href`: the policy linked beside the consent sentence, outside its label (a click opens it, not the box). */
export const privacyView = (t: FormTexts, href: string | undefined): ViewNode[] =>
  href?.trim() ? [['a', { class: 'consent-privacy', part: 'privacy-link', href: href.trim() }, t.privacyLink]] : [];

/** The country the phone field starts with, the same for the shell and React. */
export const firstCountry = (props: Props): string =>
  startCountry(parseCountries(props.countries, props.defaultCountry), props.defaultCountry, DEFAULT_COUNTRY);

/**
 * The whole form at rest, as data: the element draws it in the first paint, before React, and
 * `<DemoRequest>` renders the same first state (ssr.test.ts holds the two equal).
 */
export function demoRequestView(props: Props): ViewNode {
  const t = DEMO_REQUEST_SHELL[props.lang ?? 'en'];
  const live = Boolean(props.backendUrl?.trim());
  return [
    'form',
    { class: 'root', part: 'base', novalidate: '' },
    agentsView(t, null),
    [
      'fieldset',
      { class: 'fields', part: 'form' },
      ['h2', { class: 'form-title' }, t.formTitle],
      ...nameView(t),
      ['label', { for: 'phone' }, t.phoneLabel],
      phonePlaceholderView(t, firstCountry(props)),
      // Turnstile's check renders into a light-DOM child, shown through this slot.
      ...(live && props.turnstileSiteKey?.trim()
        ? [['div', { class: 'challenge' }, ['slot', { name: 'challenge' }]] satisfies ViewNode]
        : []),
      ...(live ? [['p', { class: 'code-sent', role: 'status' }] satisfies ViewNode] : []),
      ['div', { role: 'status', class: 'verified-slot' }],
      [
        'label',
        { class: 'consent' },
        ['input', { type: 'checkbox', 'data-control': 'consent' }],
        ['span', {}, props.consentText?.trim() || t.consent({ brand: props.brandName })],
      ],
      ...privacyView(t, props.privacyHref),
      [
        'button',
        { type: 'submit', class: 'primary', part: 'submit-button', disabled: '', 'aria-describedby': 'hint' },
        t.getCall,
      ],
      [
        'p',
        { id: 'hint', class: 'hint', role: 'status' },
        t.missingSteps({ steps: [t.stepAgent, t.stepName, t.stepPhone, t.stepConsent] }),
      ],
    ],
    // The honeypot: a field only bots fill (see DemoRequest).
    ...(live
      ? [
          [
            'input',
            {
              class: 'honeypot',
              type: 'text',
              tabindex: '-1',
              autocomplete: 'off',
              'aria-hidden': 'true',
              name: 'website',
              value: '',
            },
          ] satisfies ViewNode,
        ]
      : []),
  ];
}

/**
 * `<ai-demo-request>`'s shell, its first paint before React: the whole form at rest. Its controls
 * are native (radios, a text input, a checkbox) and keep what the visitor does on their own; at the
 * swap the renderer moves their values, focus and caret to React's matching controls. No press is
 * replayed: the values already say everything (a replayed click would untick the consent).
 */
export const demoRequestShell = {
  shell: (props: Props) => demoRequestView(props),
  onShellPress: (_controls: string[], props: Props) => ({ shell: demoRequestView(props), replay: [] }),
} satisfies Pick<WidgetSpec<DemoRequestProps>, 'shell' | 'onShellPress'>;

/**
 * What a visitor typed in a phone input, as the number the library's field takes (E.164,
 * `+919876543210`), or '' while it holds no digits past the country's code. Digits typed without a
 * "+" are national: after `code`, the country's calling code (the first paint knows India's alone).
 */
export function phoneDraftValue(text: string, country: string, code = country === DEFAULT_COUNTRY ? '91' : ''): string {
  const digits = text.replace(/\D/g, '');
  const number = text.trim().startsWith('+') ? digits : `${code}${digits}`;
  return number.length > 2 ? `+${number}` : '';
}
