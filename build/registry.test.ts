import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WIDGETS, WIDGET_TAGS } from '../widgets/registry';
import { CLASSES } from '../widgets/entries/classes';
import { expected, named, readRegistry } from './registry.mjs';
import { derived, type Manifest } from './subpaths.mjs';

const ROOT = join(import.meta.dirname, '..');
const FILES = await expected();
const AGAIN = 'run `npm run build:registry` (every `npm run build:widgets` does) to write it from widgets/registry.ts';

describe('everything that names the widgets follows widgets/registry.ts', () => {
  it('reads the same list the widgets import', () => {
    expect(readRegistry()).toEqual(WIDGETS);
    expect(WIDGET_TAGS).toEqual(WIDGETS.map((w) => w.tag));
    expect(new Set(WIDGET_TAGS).size, 'a tag listed twice').toBe(WIDGETS.length);
    expect(new Set(WIDGETS.map((w) => w.entry)).size, 'an entry listed twice').toBe(WIDGETS.length);
  });

  it.each(Object.entries(FILES))('%s is as the registry writes it', (path, text) => {
    expect(readFileSync(join(ROOT, path), 'utf8'), `${path} is behind the registry: ${AGAIN}`).toBe(text);
  });

  it("package.json's exports name each widget's entry", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
    expect(pkg.exports, `package.json is behind the registry: ${AGAIN}`).toEqual(derived(pkg).exports);
    for (const { entry } of WIDGETS)
      expect(pkg.exports[`./${entry}`]).toEqual({
        types: `./dist/types/entries/${entry}.d.ts`,
        default: `./dist/widgets/${entry}.js`,
      });
  });

  it('each tag renders with the class the registry names, and each class is its own tag', () => {
    for (const widget of WIDGETS) {
      const cls = CLASSES[widget.tag];
      expect(cls.name).toBe(widget.element);
      // The element's JSDoc names the tag the manifest and the editors read.
      const source = readFileSync(join(ROOT, 'widgets', widget.entry, 'element.ts'), 'utf8');
      expect(source).toContain(`@tag ${widget.tag}\n`);
      expect(source).toContain(`export function ${named(widget).define}(tag = '${widget.tag}')`);
    }
  });

  it('a widget added to the list is added everywhere: its entry, the classes, the wrappers, the usage, exports', async () => {
    const added = [...WIDGETS, { tag: 'ai-chat', element: 'AIChatElement', entry: 'chat' }];
    const files = await expected(ROOT, added);
    expect(files['widgets/entries/chat.ts']).toContain("export { AIChatElement, defineChat } from '../chat/index';");
    expect(files['widgets/entries/classes.ts']).toContain("'ai-chat': AIChatElement,");
    expect(files['widgets/index.ts']).toMatch(/^defineChat\(\);$/m);
    expect(files['widgets/entries/react.ts']).toContain(
      "export const Chat = wrap<AIChatElement, ChatComponentProps>('ai-chat'",
    );
    expect(files['widgets/jsx.ts']).toContain("export type ChatJsx = ReactTags['ai-chat'];");
    expect(files['bin/ai-agent-widgets.mjs']).toContain(`const TAGS = '${[...WIDGET_TAGS, 'ai-chat'].join('|')}';`);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
    const next = derived(pkg, added);
    expect(Object.keys(next.exports).slice(0, WIDGETS.length + 2)).toEqual([
      '.',
      ...WIDGETS.map((w) => `./${w.entry}`),
      './chat',
    ]);
    expect(next.typesVersions?.['*']?.chat).toEqual(['dist/types/entries/chat.d.ts']);
    expect(next.files).toContain('chat/package.json');
  });

  it('a widget taken out of the list leaves exports with its entry file, which the registry wrote', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
    const kept = WIDGETS.filter((w) => w.entry !== 'feedback');
    const next = derived(pkg, kept, (path) => path !== 'widgets/entries/feedback.ts');
    expect(next.exports['./feedback']).toBeUndefined();
    expect(next.files).not.toContain('feedback/package.json');
    expect(next.exports['./react']).toEqual(pkg.exports['./react']);
    expect(readFileSync(join(ROOT, 'widgets/entries/feedback.ts'), 'utf8')).toContain(
      'Written by `npm run build:registry`',
    );
    expect(readFileSync(join(ROOT, 'widgets/entries/react.ts'), 'utf8')).not.toContain(
      'Written by `npm run build:registry`',
    );
  });
});
