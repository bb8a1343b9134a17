import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Package } from 'custom-elements-manifest/schema';
import { describe, expect, it } from 'vitest';
import type { ElementDoc } from './element-plugin.mjs';
import { literals, toJson, VSCODE_DATA_FILE, vscodeCustomData, WEB_TYPES_FILE, webTypes } from './editor-data.mjs';
import { customElements, MANIFEST_FILE, ROOT } from './manifest.mjs';

const FIX = 'run `npm run docs` and commit the result';
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const manifest: Package = JSON.parse(read(MANIFEST_FILE));
const pkg = JSON.parse(read('package.json'));
const elements = customElements(manifest).map(({ element }) => element);

/** A manifest with one element whose attributes have the given types. */
function withAttributes(types: Record<string, string>): Package {
  const element: ElementDoc = {
    kind: 'class',
    customElement: true,
    name: 'XElement',
    tagName: 'x-el',
    attributes: Object.entries(types).map(([name, text]) => ({ name, type: { text } })),
  };
  return {
    schemaVersion: '1.0.0',
    modules: [{ kind: 'javascript-module', path: 'widgets/x/element.ts', declarations: [element] }],
  };
}

describe('the committed editor files', () => {
  it(`${VSCODE_DATA_FILE} is what custom-elements.json gives`, () => {
    expect(read(VSCODE_DATA_FILE), `${VSCODE_DATA_FILE} differs from custom-elements.json: ${FIX}`).toBe(
      toJson(vscodeCustomData(manifest)),
    );
  });

  it(`${WEB_TYPES_FILE} is what custom-elements.json and package.json give`, () => {
    expect(read(WEB_TYPES_FILE), `${WEB_TYPES_FILE} differs from custom-elements.json: ${FIX}`).toBe(
      toJson(webTypes(manifest, pkg)),
    );
  });

  it('are published, and package.json points JetBrains IDEs at the web-types', () => {
    expect(pkg.files).toEqual(expect.arrayContaining([VSCODE_DATA_FILE, WEB_TYPES_FILE]));
    expect(pkg['web-types']).toBe(`./${WEB_TYPES_FILE}`);
  });
});

describe('vscodeCustomData', () => {
  const data = vscodeCustomData(manifest);

  it('has every element, in manifest order, with all its attributes', () => {
    expect(data.version).toBe(1.1);
    expect(data.tags.map((tag) => tag.name)).toEqual(elements.map((element) => element.tagName));
    for (const element of elements) {
      const tag = data.tags.find((t) => t.name === element.tagName);
      expect(tag?.attributes.map((a) => a.name)).toEqual((element.attributes ?? []).map((a) => a.name));
      for (const attribute of element.attributes ?? []) {
        const described = tag?.attributes.find((a) => a.name === attribute.name)?.description;
        if (attribute.description) expect(described).toContain(attribute.description);
        if (attribute.default) expect(described).toContain(`Default: \`${attribute.default}\`.`);
      }
    }
  });

  it("lists each element's summary, events, parts and CSS custom properties in its description", () => {
    for (const element of elements) {
      const description = data.tags.find((t) => t.name === element.tagName)?.description ?? '';
      expect(description).toContain(element.summary);
      const named = [...(element.events ?? []), ...(element.cssParts ?? []), ...(element.cssProperties ?? [])];
      expect(named.length).toBeGreaterThan(0);
      for (const { name } of named) expect(description, `<${element.tagName}> ${name}`).toContain(`\`${name}\``);
    }
  });

  it('gives a union of string literals as values, and no values for other types', () => {
    const types = { mode: "'compact' | 'full'", size: '"s" | "m" | undefined', label: 'string', mixed: "'a' | string" };
    const [tag] = vscodeCustomData(withAttributes(types)).tags;
    expect(tag.attributes).toEqual([
      { name: 'mode', values: [{ name: 'compact' }, { name: 'full' }] },
      { name: 'size', values: [{ name: 's' }, { name: 'm' }] },
      { name: 'label' },
      { name: 'mixed' },
    ]);
  });
});

describe('webTypes', () => {
  const data = webTypes(manifest, pkg);
  const byTag = (tag: string | undefined) => data.contributions.html.elements.find((e) => e.name === tag);

  it('names the package and version', () => {
    expect(data).toMatchObject({ name: pkg.name, version: pkg.version, 'description-markup': 'markdown' });
  });

  it('has every element, in manifest order, with its attributes, properties, events, parts and CSS custom properties', () => {
    expect(data.contributions.html.elements.map((e) => e.name)).toEqual(elements.map((element) => element.tagName));
    const names = (list: { name: string }[] | undefined) => (list ?? []).map((item) => item.name);
    for (const element of elements) {
      const contributed = byTag(element.tagName);
      expect(contributed?.description).toContain(element.summary);
      expect(names(contributed?.attributes)).toEqual(names(element.attributes));
      expect(names(contributed?.js.events)).toEqual(names(element.events));
      expect(names(contributed?.js.properties)).toEqual(names(element.members));
      expect(names(contributed?.js.properties).length).toBeGreaterThan(
        names(element.members?.filter((m) => m.kind === 'field')).length,
      );
      expect(names(contributed?.css.parts)).toEqual(names(element.cssParts));
      expect(names(contributed?.css.properties)).toEqual(names(element.cssProperties));
      expect(names(contributed?.slots)).toEqual(names(element.slots));
      for (const attribute of element.attributes ?? []) {
        expect(contributed?.attributes.find((a) => a.name === attribute.name)).toEqual({
          name: attribute.name,
          description: attribute.description,
          ...(attribute.default === undefined ? {} : { default: attribute.default }),
          value: { type: attribute.type?.text },
        });
      }
    }
  });

  it('gives a union-typed attribute its type as written, which JetBrains completes to its members', () => {
    const [element] = webTypes(withAttributes({ mode: "'compact' | 'full'" }), pkg).contributions.html.elements;
    expect(data['js-types-syntax']).toBe('typescript');
    expect(element.attributes).toEqual([{ name: 'mode', value: { type: "'compact' | 'full'" } }]);
  });
});

describe('literals', () => {
  it('reads only unions made entirely of string literals', () => {
    expect(literals("'a' | 'b'")).toEqual(['a', 'b']);
    expect(literals("'only'")).toEqual(['only']);
    expect(literals('string')).toBeUndefined();
    expect(literals("'a' | number")).toBeUndefined();
    expect(literals('undefined')).toBeUndefined();
    expect(literals(undefined)).toBeUndefined();
  });
});
