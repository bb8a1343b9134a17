import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { create, ts } from '@custom-elements-manifest/analyzer';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY } from '../../widgets/demo-request/contract';
import { DEFAULT_API_URL } from '../../widgets/voice-demo/contract';
import { widgetElementPlugin } from './cem-plugin.mjs';
import { analyze, customElements, MANIFEST_FILE, README_FILE, ROOT, serialize } from './manifest.mjs';
import { updateReadme } from './readme.mjs';

const FIX = 'run `npm run docs` and commit the result';
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const manifest = analyze();

function declared(tag: string) {
  const found = customElements(manifest).find(({ element }) => element.tagName === tag);
  if (!found) throw new Error(`the manifest has no <${tag}>`);
  return found.element;
}

describe('custom-elements.json', () => {
  it("is what the elements' JSDoc says", () => {
    expect(read(MANIFEST_FILE), `custom-elements.json differs from the elements' JSDoc: ${FIX}`).toBe(serialize(manifest));
  });

  it('is the manifest package.json points tools at', () => {
    expect(JSON.parse(read('package.json')).customElements).toBe(MANIFEST_FILE);
  });
});

// The element API tables moved from README.md to docs/elements.md, which another change generates;
// until its drift test lands here, this checks README.md holds no stale copy of them.
// TODO when docs/elements.md is generated: read it here instead of README_FILE.
describe('README.md', () => {
  it('holds no API tables of its own (they are in docs/elements.md)', () => {
    expect(read(README_FILE)).not.toMatch(/<!-- api:[\w-]+:(start|end) -->/);
  });

  it("has each element's API tables as the manifest gives them", () => {
    const readme = read(README_FILE);
    expect(readme, `README.md's API tables differ from custom-elements.json: ${FIX}`).toBe(updateReadme(readme, manifest));
  });
});

describe('the manifest', () => {
  it('describes every element, each defined under its tag', () => {
    const tags = customElements(manifest).map(({ element }) => element.tagName);
    expect(tags.sort()).toEqual(['ai-demo-request', 'ai-feedback', 'ai-voice-demo']);
    for (const { element, module: path } of customElements(manifest)) {
      const definitions = manifest.modules.flatMap((m) => m.exports ?? []).filter((e) => e.kind === 'custom-element-definition');
      expect(definitions).toContainEqual({ kind: 'custom-element-definition', name: element.tagName, declaration: { name: element.name, module: path } });
    }
  });

  it('gives <ai-voice-demo> its attributes, reflected properties, the JS-only client and its events', () => {
    const element = declared('ai-voice-demo');
    expect(element.attributes?.map((a) => a.name)).toEqual(['public-key', 'assistant-id', 'api-url', 'captions', 'consent-text', 'connect-timeout']);
    expect(element.attributes?.find((a) => a.name === 'api-url')?.default).toBe(DEFAULT_API_URL);
    expect(element.members).toContainEqual(expect.objectContaining({ name: 'publicKey', attribute: 'public-key', reflects: true }));
    const client = element.members?.find((m) => m.name === 'client');
    expect(client).toMatchObject({ kind: 'field', type: { text: 'VoiceClient' } });
    expect(client).not.toHaveProperty('attribute');
    expect(element.events?.map((e) => e.name)).toEqual(['ai-voice-demo-start', 'ai-voice-demo-end', 'ai-voice-demo-error']);
  });

  it("gives <ai-feedback> the default slot for the trigger's label", () => {
    expect(declared('ai-feedback').slots).toEqual([expect.objectContaining({ name: '' })]);
  });

  it("gives <ai-demo-request>'s default-country the default the form uses", () => {
    const country = declared('ai-demo-request').attributes?.find((a) => a.name === 'default-country');
    expect(country?.default).toBe('IN');
    expect(country?.default).toBe(DEFAULT_COUNTRY);
  });

  it('documents exactly the events each module types in GlobalEventHandlersEventMap', () => {
    for (const { element, path } of customElements(manifest)) {
      const typed = [...read(path).matchAll(/'([\w-]+)': CustomEvent</g)].map((m) => m[1]);
      expect(element.events?.map((e) => e.name), path).toEqual(typed);
    }
  });

  it('states CSS custom property defaults that the CSS sets', () => {
    for (const { element, path } of customElements(manifest)) {
      const folder = dirname(path);
      const css = ['widgets/elements/base.css', ...readdirSync(join(ROOT, folder)).filter((f) => f.endsWith('.css')).map((f) => `${folder}/${f}`)]
        .map(read)
        .join('\n');
      for (const prop of element.cssProperties?.filter((p) => p.default) ?? []) {
        expect(css, `${path}: ${prop.name}`).toContain(`${prop.name}: ${prop.default};`);
      }
    }
  });
});

describe('widgetElementPlugin', () => {
  function analyzeSource(doc: string, options: string) {
    const source =
      `/**\n${doc}\n */\nconst element = widgetElement(X, ${options});\n` +
      "declare global { interface HTMLElementTagNameMap { 'x-el': XElement } }\n";
    const problems: string[] = [];
    const modules = [ts.createSourceFile('widgets/x/element.ts', source, ts.ScriptTarget.ES2015, true)];
    const manifest = create({ modules, plugins: [widgetElementPlugin(problems)] });
    return { manifest, problems };
  }
  const doc = ' * @tag x-el\n * @attr {string} page-size - Rows per page. Default: `20`.\n * @prop {Client} client - JS only.';
  const options = "{ attrs: { pageSize: 'string' }, properties: ['client'], css: [] }";

  it('turns the JSDoc on the call into an element with its wired properties', () => {
    const { manifest, problems } = analyzeSource(doc, options);
    expect(problems).toEqual([]);
    const [{ element }] = customElements(manifest);
    expect(element).toMatchObject({ name: 'XElement', tagName: 'x-el' });
    expect(element.attributes).toEqual([
      { name: 'page-size', type: { text: 'string' }, description: 'Rows per page.', default: '20', fieldName: 'pageSize' },
    ]);
    expect(element.members?.map((m) => m.name)).toEqual(['pageSize', 'client']);
  });

  it('reports JSDoc that disagrees with what the call wires', () => {
    const problems = (jsDoc: string, wiring: string) => analyzeSource(jsDoc, wiring).problems.join('\n');
    expect(problems(doc, "{ attrs: { pageSize: 'string', sort: 'string' }, properties: ['client'] }")).toContain('No @attr for: sort.');
    expect(problems(doc, "{ attrs: {}, properties: ['client'] }")).toContain('Not in `attrs`: page-size.');
    expect(problems(doc, "{ attrs: { pageSize: 'number' }, properties: ['client'] }")).toContain("wires it as 'number'");
    expect(problems(doc, "{ attrs: { pageSize: 'string' } }")).toContain('Not in `properties`: client.');
    expect(problems(doc.replace('x-el', 'y-el'), options)).toContain("declare 'y-el' in HTMLElementTagNameMap");
    expect(problems(doc.replace('@tag x-el', ''), options)).toContain('needs @tag');
  });
});
