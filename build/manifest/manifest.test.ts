import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { create, ts } from '@custom-elements-manifest/analyzer';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY } from '../../widgets/demo-request/contract';
import { DEFAULT_API_URL } from '../../widgets/voice-demo/contract';
import { WIDGET_TAGS } from '../../widgets/registry';
import { elementsDoc } from './docs.mjs';
import { elementPlugin } from './element-plugin.mjs';
import { analyze, customElements, DOCS_FILE, MANIFEST_FILE, ROOT, serialize } from './manifest.mjs';

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
    expect(read(MANIFEST_FILE), `custom-elements.json differs from the elements' JSDoc: ${FIX}`).toBe(
      serialize(manifest),
    );
  });

  it('is the manifest package.json points tools at', () => {
    expect(JSON.parse(read('package.json')).customElements).toBe(MANIFEST_FILE);
  });
});

describe('docs/elements.md', () => {
  it('is the API reference the manifest gives', () => {
    expect(read(DOCS_FILE), `docs/elements.md differs from the element classes: ${FIX}`).toBe(elementsDoc(manifest));
  });

  it('lists every public method each element class writes', () => {
    const doc = read(DOCS_FILE);
    for (const { path } of customElements(manifest)) {
      const written = [...read(path).matchAll(/^ {2}(?:async )?(\w+)\(\): /gm)].map((m) => m[1]);
      expect(written.length, path).toBeGreaterThan(0);
      for (const method of written) expect(doc, `${path}: ${method}()`).toContain(`| \`${method}()\` |`);
    }
  });
});

describe('the manifest', () => {
  it('describes every element of the registry, each defined under its tag', () => {
    const tags = customElements(manifest).map(({ element }) => element.tagName);
    expect(tags.sort()).toEqual([...WIDGET_TAGS].sort());
    for (const { element, module: path } of customElements(manifest)) {
      const definitions = manifest.modules
        .flatMap((m) => m.exports ?? [])
        .filter((e) => e.kind === 'custom-element-definition');
      expect(definitions).toContainEqual({
        kind: 'custom-element-definition',
        name: element.tagName,
        declaration: { name: element.name, module: path },
      });
    }
  });

  it('gives <ai-voice-demo> its attributes, reflected properties, the JS-only client and its events', () => {
    const element = declared('ai-voice-demo');
    expect(element.attributes?.map((a) => a.name)).toEqual([
      'public-key',
      'assistant-id',
      'api-url',
      'backend-url',
      'embed',
      'agent-id',
      'turnstile-site-key',
      'captions',
      'consent-text',
      'connect-timeout',
      'label',
      'fallback-href',
      'privacy-href',
      'mode',
      'greeting',
      'simulate',
      'variant',
      'placement',
      'launcher-label',
      'invite',
      'invite-after',
      'suggestions',
      'tool-timeout',
      'tool-origins',
    ]);
    expect(element.attributes?.find((a) => a.name === 'captions')?.type).toEqual({ text: 'boolean' });
    expect(element.attributes?.find((a) => a.name === 'connect-timeout')).toMatchObject({
      type: { text: 'number' },
      default: '20',
    });
    expect(element.attributes?.find((a) => a.name === 'api-url')?.default).toBe(DEFAULT_API_URL);
    expect(element.members).toContainEqual(
      expect.objectContaining({ name: 'publicKey', attribute: 'public-key', reflects: true }),
    );
    const client = element.members?.find((m) => m.name === 'client');
    expect(client).toMatchObject({ kind: 'field', type: { text: 'VoiceClient' } });
    expect(client).not.toHaveProperty('attribute');
    expect(element.events?.map((e) => e.name)).toEqual([
      'ai-voice-demo-start',
      'ai-voice-demo-end',
      'ai-voice-demo-error',
      'ai-voice-demo-message',
      'ai-voice-demo-tool',
    ]);
    expect(element.events?.find((e) => e.name === 'ai-voice-demo-error')?.type?.text).toContain(
      "code: 'microphone-denied' |",
    );
  });

  it('gives each of the three elements the embed attribute and its property (#54)', () => {
    for (const tag of ['ai-voice-demo', 'ai-feedback', 'ai-demo-request']) {
      expect(
        declared(tag).attributes?.find((a) => a.name === 'embed'),
        tag,
      ).toMatchObject({ type: { text: 'string' } });
      expect(declared(tag).members, tag).toContainEqual(expect.objectContaining({ name: 'embed', attribute: 'embed' }));
    }
  });

  it('gives each element its methods, and nothing of the base class', () => {
    const methods = (tag: string) =>
      declared(tag)
        .members?.filter((m) => m.kind === 'method')
        .map((m) => m.name);
    expect(methods('ai-voice-demo')).toEqual(['start', 'send', 'end']);
    expect(methods('ai-feedback')).toEqual(['open', 'close']);
    expect(methods('ai-demo-request')).toEqual(['reset']);
    for (const { element } of customElements(manifest)) {
      expect(element.members?.filter((m) => m.static || m.name === 'props' || m.name === 'widget')).toEqual([]);
      expect(element.superclass).toEqual({ name: 'HTMLElement', package: 'global:' });
    }
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
      expect(
        element.events?.map((e) => e.name),
        path,
      ).toEqual(typed);
    }
  });

  it('states CSS custom property defaults that the CSS sets', () => {
    for (const { element, path } of customElements(manifest)) {
      const folder = dirname(path);
      const css = [
        'widgets/elements/base.css',
        ...readdirSync(join(ROOT, folder))
          .filter((f) => f.endsWith('.css'))
          .map((f) => `${folder}/${f}`),
      ]
        .map(read)
        .join('\n');
      for (const prop of element.cssProperties?.filter((p) => p.default) ?? []) {
        expect(css, `${path}: ${prop.name}`).toContain(`${prop.name}: ${prop.default};`);
      }
    }
  });
});

describe('elementPlugin', () => {
  function analyzeSource(props: string, more = '', events = "'x-el-done': CustomEvent<{ id: number }>;") {
    const source =
      `/**\n * An element.\n * @tag x-el\n * @fires x-el-done - Done.\n */\nexport class XElement extends WidgetElement {\n  static override props = {${props}};\n${more}}\n` +
      `declare global { interface GlobalEventHandlersEventMap { ${events} } }\n`;
    const problems: string[] = [];
    const modules = [ts.createSourceFile('widgets/x/element.ts', source, ts.ScriptTarget.ES2015, true)];
    const manifest = create({ modules, plugins: [elementPlugin(problems)] });
    return { manifest, problems };
  }
  const props =
    '\n    /** Rows per page. Default: `20`. */\n    pageSize: number(),\n    /** JS only. */\n    client: property<Client>(),\n  ';
  const method = '  /** Goes. */\n  go(): void {}\n';

  it('turns the declared props into attributes and properties, and keeps the methods', () => {
    const { manifest, problems } = analyzeSource(props, method);
    expect(problems).toEqual([]);
    const [{ element }] = customElements(manifest);
    expect(element).toMatchObject({ name: 'XElement', tagName: 'x-el' });
    expect(element.attributes).toEqual([
      {
        name: 'page-size',
        type: { text: 'number' },
        description: 'Rows per page.',
        default: '20',
        fieldName: 'pageSize',
      },
    ]);
    expect(element.members?.map((m) => m.name)).toEqual(['pageSize', 'client', 'go']);
    expect(element.events).toEqual([
      { name: 'x-el-done', description: 'Done.', type: { text: 'CustomEvent<{ id: number }>' } },
    ]);
  });

  it('reports a declaration that disagrees with itself', () => {
    const problems = (...args: Parameters<typeof analyzeSource>) => analyzeSource(...args).problems.join('\n');
    expect(problems('pageSize: number(),')).toContain('pageSize has no JSDoc');
    expect(problems('/** x */ pageSize: json(),')).toContain('not json()');
    expect(problems(props, '  go(): void {}\n')).toContain('method go() has no JSDoc');
    expect(problems(props, '', "'x-el-gone': CustomEvent<{}>;")).toContain(
      '@fires x-el-done is not in GlobalEventHandlersEventMap',
    );
    expect(problems(props, '', "'x-el-done': CustomEvent<{}>; 'x-el-gone': CustomEvent<{}>;")).toContain(
      'x-el-gone is in GlobalEventHandlersEventMap but has no @fires',
    );
  });
});
