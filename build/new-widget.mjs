// `npm run new-widget -- <name>`: a new widget's folder, as the others are made (widgets/feedback/ is
// the smallest), and its line in widgets/registry.ts; then `npm run build:registry` writes everything that
// names the widgets, and `npm run docs` the element reference. Prints what it made and what to edit next.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { readRegistry, writeRegistry } from './registry.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Subpaths the package has already, besides the widgets': a widget named so would shadow them. */
const TAKEN = ['react', 'ssr', 'script', 'jsx', 'elements', 'entries', 'lib', 'registry', 'index'];

/**
 * Why `name` cannot be a new widget's, or null when it can.
 * @param {string} name
 * @param {string} [root]
 */
export function refusal(name, root = ROOT) {
  if (!name) return 'give the widget a name: npm run new-widget -- <name> (kebab-case, e.g. chat-box)';
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name))
    return `"${name}" is not kebab-case: lower-case letters and digits in words joined by single hyphens, starting with a letter (e.g. chat-box)`;
  if (name.startsWith('ai-')) return `"${name}": leave out the "ai-" prefix, the tag gets it (ai-${name.slice(3)})`;
  if (TAKEN.includes(name)) return `"${name}" is taken by the package's own ${name} folder or subpath`;
  if (existsSync(join(root, 'widgets', name))) return `widgets/${name}/ exists already`;
  if (readRegistry(root).some((w) => w.entry === name || w.tag === `ai-${name}`))
    return `widgets/registry.ts lists ${name} already`;
  return null;
}

/** `chat-box` → `ChatBox`. */
const pascal = (/** @type {string} */ name) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());

/**
 * The widget's files: path under widgets/<name>/ → text.
 * @param {string} name
 */
export function scaffold(name) {
  const tag = `ai-${name}`;
  const Name = pascal(name);
  const camel = Name[0].toLowerCase() + Name.slice(1);
  const CONST = name.toUpperCase().replace(/-/g, '_');
  const words = name.replace(/-/g, ' ');
  return {
    'element.ts': `/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type --
   The accessors for the declared props are put on the prototype by WidgetElement; the interface only types them. */
import baseCss from '../elements/base.css?inline';
import { string, type PropsOf } from '../elements/props';
import { defineOnce, WidgetElement, type WidgetSpec } from '../elements/widget-element';
import { reactLayer } from '../react/layer';
import css from './${name}.css?inline';
import type { ${Name}PressDetail } from './machine';
import { ${CONST}_STRINGS } from './strings';
import { ${camel}Shell } from './view';

/**
 * A button that counts its presses: the starting point of a new widget (replace this sentence).
 *
 * @summary ${Name[0]}${words.slice(1)} widget.
 * @tag ${tag}
 *
 * @fires ${tag}-press - The button was pressed; \`presses\` is how many times since the last reset.
 *
 * @csspart base - The whole widget.
 * @csspart button - The button.
 *
 * @cssprop --accent - The button's background.
 * @cssprop --accent-contrast - The button's text colour.
 * @cssprop --text - Text colour.
 * @cssprop --radius - Corner radius.
 * @cssprop --font-family - Font.
 * @cssprop --font-size - Base font size. Default: \`16px\`.
 */
export class AI${Name}Element extends WidgetElement {
  /** The public properties; attributes are their kebab-case names. */
  static override props = {
    /** The button's text; unset, "Press me" in the page's language. */
    label: string(),
  };
  static override widget: WidgetSpec<${Name}Props> = {
    load: () => import('./${Name}').then((m) => m.${Name}),
    react: reactLayer,
    css: [baseCss, css],
    // The first paint, before React (view.ts): the same view the component renders.
    ...${camel}Shell,
    loadError: (p) => ${CONST}_STRINGS[p.lang ?? 'en'].loadError,
    tryAgain: (p) => ${CONST}_STRINGS[p.lang ?? 'en'].tryAgain,
    exportName: '${Name}',
    widget: '${name}',
  };

  /** Starts counting again from none. Resolves once the widget is drawn afresh; out of the page it does nothing. */
  async reset(): Promise<void> {
    if (await this.ready()) this.remount();
  }
}

export type ${Name}Props = PropsOf<typeof AI${Name}Element.props>;
export interface AI${Name}Element extends ${Name}Props {}

/** Registers \`<${tag}>\` (or another tag name, typed through \`HTMLElementTagNameMap\`); a second call is harmless. */
export function define${Name}(tag = '${tag}'): typeof AI${Name}Element | undefined {
  return defineOnce(tag, AI${Name}Element);
}

declare global {
  interface HTMLElementTagNameMap {
    '${tag}': AI${Name}Element;
  }
  interface GlobalEventHandlersEventMap {
    '${tag}-press': CustomEvent<${Name}PressDetail>;
  }
}
`,
    'index.ts': `/**
 * \`ai-agent-widgets/${name}\`: the ${words} widget alone. Registers nothing on import: call
 * \`define${Name}()\` for \`<${tag}>\`, or \`define${Name}('acme-${name}')\` for a tag of your own.
 */
export { AI${Name}Element, define${Name} } from './element';
export type { ${Name}Props } from './element';
export type { ${Name}PressDetail } from './machine';
export type { Lang } from '../lib/lang';
`,
    'machine.ts': `/** Nothing pressed yet, or pressed at least once. */
export type ${Name}Status = 'idle' | 'pressed';

export interface ${Name}State {
  status: ${Name}Status;
  /** Presses since the widget was drawn. */
  presses: number;
}

export type ${Name}Action = { type: 'press' };

export interface ${Name}PressDetail {
  presses: number;
}

export const initial${Name}State: ${Name}State = { status: 'idle', presses: 0 };

export function ${camel}Reducer(state: ${Name}State, action: ${Name}Action): ${Name}State {
  switch (action.type) {
    case 'press':
      return { status: 'pressed', presses: state.presses + 1 };
  }
}

/** The page's events for a transition: fired from one place, when the state changes. */
export function ${camel}Events(from: ${Name}State, to: ${Name}State) {
  if (to.presses > from.presses) return [['${tag}-press', { presses: to.presses }]] as const;
  return [];
}
`,
    'machine.test.ts': `import { describe, expect, it } from 'vitest';
import { ${camel}Events, ${camel}Reducer, initial${Name}State } from './machine';

describe('${words} machine', () => {
  it('starts idle with no presses', () => {
    expect(initial${Name}State).toEqual({ status: 'idle', presses: 0 });
  });

  it('counts each press and tells the page', () => {
    const once = ${camel}Reducer(initial${Name}State, { type: 'press' });
    const twice = ${camel}Reducer(once, { type: 'press' });
    expect(twice).toEqual({ status: 'pressed', presses: 2 });
    expect(${camel}Events(once, twice)).toEqual([['${tag}-press', { presses: 2 }]]);
    expect(${camel}Events(twice, twice)).toEqual([]);
  });
});
`,
    'strings.ts': `import type { Lang, Widen } from '../lib/lang';

const EN = {
  press: 'Press me',
  pressed: ({ count }: { count: number }) => \`Pressed \${count} \${count === 1 ? 'time' : 'times'}.\`,
  loadError: 'The ${words} widget could not load.',
  tryAgain: 'Try again',
};

export type ${Name}Strings = Widen<typeof EN>;

/** Every text \`<${tag}>\` shows or announces, in each language. */
export const ${CONST}_STRINGS: Record<Lang, ${Name}Strings> = {
  en: EN,
  hi: {
    press: 'मुझे दबाएँ',
    pressed: ({ count }) => \`\${count} बार दबाया गया।\`,
    loadError: '${words} विजेट लोड नहीं हो सका।',
    tryAgain: 'फिर से कोशिश करें',
  },
};

/** The texts for a language, with the page's own label for the button when it gave one. */
export const textsOf = (lang: Lang = 'en', label?: string): ${Name}Strings => {
  const t = ${CONST}_STRINGS[lang];
  return label?.trim() ? { ...t, press: label } : t;
};
`,
    'view.ts': `import type { ViewNode } from '../elements/view';
import type { WidgetSpec } from '../elements/widget-element';
import type { Localized } from '../lib/lang';
import type { ${Name}Props } from './element';
import { initial${Name}State, type ${Name}State } from './machine';
import { textsOf, type ${Name}Strings } from './strings';

/**
 * The widget as data, for a state: drawn as DOM before React, printed as HTML by renderElement, and
 * rendered by \`<${Name}>\` from the same description.
 */
export function ${camel}View(t: ${Name}Strings, state: ${Name}State): ViewNode {
  return [
    'div',
    { class: 'base', part: 'base', 'data-status': state.status },
    ['button', { type: 'button', class: 'button', part: 'button', 'data-control': 'press' }, t.press],
    ['p', { class: 'count', role: 'status' }, state.presses ? t.pressed({ count: state.presses }) : ''],
  ];
}

/**
 * \`<${tag}>\`'s shell, its first paint before React: the view at rest. A press on it is passed on to
 * React once it is there (\`onShellPress\` would answer it before).
 */
export const ${camel}Shell = {
  shell: (p: ${Name}Props & Localized) => [
    'div',
    { class: 'root' },
    ${camel}View(textsOf(p.lang, p.label), initial${Name}State),
  ],
} satisfies Pick<WidgetSpec<${Name}Props>, 'shell'>;
`,
    [`${Name}.tsx`]: `import type { Localized } from '../lib/lang';
import { useMachine } from '../react/use-machine';
import { renderView } from '../react/view';
import type { ${Name}Props } from './element';
import { ${camel}Events, ${camel}Reducer, initial${Name}State } from './machine';
import { textsOf } from './strings';
import { ${camel}View } from './view';

/** The ${words} widget, once a visitor reaches for it: the view, with the button wired to the machine. */
export function ${Name}({ label, lang = 'en' }: ${Name}Props & Localized) {
  const { state, dispatch, ref } = useMachine(${camel}Reducer, initial${Name}State, ${camel}Events);
  return (
    <div ref={ref} className="root">
      {renderView(${camel}View(textsOf(lang, label), state), (attrs) =>
        attrs['data-control'] === 'press' ? { onClick: () => dispatch({ type: 'press' }) } : undefined,
      )}
    </div>
  );
}
`,
    [`${name}.css`]: `.base {
  display: inline-flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 8px;
  color: var(--text);
}

.button {
  min-height: 44px;
  padding: 10px 20px;
  border: 0;
  border-radius: var(--radius);
  background: var(--accent);
  color: var(--accent-contrast);
  font-weight: 600;
}

.count {
  margin: 0;
  min-height: 1.5em;
}
`,
  };
}

/**
 * Makes widgets/<name>/, adds its line to the registry and writes what derives from it.
 * @param {string} name
 * @param {{ root?: string, docs?: boolean }} [options] `docs: false` leaves the element reference alone
 * @returns {Promise<string[]>} the paths made or changed, relative to the root
 */
export async function newWidget(name, { root = ROOT, docs = true } = {}) {
  const why = refusal(name, root);
  if (why) throw new Error(why);
  const folder = join(root, 'widgets', name);
  mkdirSync(folder);
  const made = [];
  for (const [file, text] of Object.entries(scaffold(name))) {
    const path = join(folder, file);
    writeFileSync(path, await format(text, { ...(await resolveConfig(path)), filepath: path }));
    made.push(relative(root, path));
  }
  const registry = join(root, 'widgets/registry.ts');
  const source = readFileSync(registry, 'utf8');
  const line = `  { tag: 'ai-${name}', element: 'AI${pascal(name)}Element', entry: '${name}' },\n`;
  const end = source.indexOf('] as const');
  if (end < 0) throw new Error('widgets/registry.ts: no "] as const" closing the WIDGETS list');
  writeFileSync(registry, source.slice(0, end) + line + source.slice(end));
  made.push('widgets/registry.ts');
  made.push(...(await writeRegistry(root)));
  if (docs) {
    execFileSync(process.execPath, [join(root, 'build/manifest/generate.mjs')], { cwd: root, stdio: 'ignore' });
    made.push('custom-elements.json, web-types.json, vscode.html-custom-data.json, docs/elements.md');
  }
  return made;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const name = process.argv[2] ?? '';
  try {
    const made = await newWidget(name, { docs: !process.argv.includes('--no-docs') });
    const Name = pascal(name);
    console.log(`Made <ai-${name}>:\n${made.map((path) => `  ${path}`).join('\n')}

Next:
  1. widgets/${name}/element.ts: what the element is (its JSDoc is the reference: npm run docs), its props, methods and events.
  2. widgets/${name}/machine.ts (+ machine.test.ts): its states as one \`status\` union and the reducer; the events it fires.
  3. widgets/${name}/view.ts: its view, and its shell (the first paint: drawn before React, printed by renderElement); ${Name}.tsx renders the same view with React.
  4. widgets/${name}/strings.ts and ${name}.css: its words (English and Hindi) and its styles.
  5. Try it: <ai-${name}></ai-${name}> in a page of examples/, after npm run build.`);
  } catch (error) {
    console.error(`new-widget: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
