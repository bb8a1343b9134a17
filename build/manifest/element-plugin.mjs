import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** @typedef {import('@custom-elements-manifest/analyzer').Plugin} Plugin */
/** @typedef {Parameters<NonNullable<Plugin['analyzePhase']>>[0]} AnalyzeParams */
/** @typedef {AnalyzeParams['ts']} TS */
/** @typedef {AnalyzeParams['node']} Node */
/**
 * A custom element class. Schema 1.0.0's own `CustomElementDeclaration` forgets the `CustomElement` part.
 * @typedef {import('custom-elements-manifest/schema').ClassDeclaration & import('custom-elements-manifest/schema').CustomElement} ElementDoc
 */
/**
 * A field backed by an attribute, as the analyzer writes it for native and Lit elements
 * (schema 2.0 names it `CustomElementField`).
 * @typedef {import('custom-elements-manifest/schema').ClassField & { attribute?: string, reflects?: boolean }} ElementField
 */

/** What each declaration helper in widgets/elements/props.ts gives a prop. */
const KINDS = { string: 'string', boolean: 'boolean', number: 'number', list: 'string[]', property: null };

/**
 * Our elements are classes in source (`class AIVoiceDemoElement extends WidgetElement`), which the
 * analyzer reads by itself: JSDoc, methods, events. Through the plugin API only, this adds what
 * it cannot know: the public properties and attributes declared in `static props` (each with its
 * JSDoc, its type from the declaration helper), the events' `detail` types from the file's
 * `GlobalEventHandlersEventMap`, and the tag's definition; it drops the base class's plumbing.
 * Disagreements (an event fired but not typed, a prop or method without JSDoc) are reported.
 * @param {string[]} problems Where disagreements are reported, one line each: the caller fails on any.
 * @returns {Plugin}
 */
export function elementPlugin(problems) {
  return {
    name: 'ai-widgets/element',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const element = /** @type {ElementDoc | undefined} */ (
        moduleDoc.declarations?.find((d) => d.kind === 'class' && d.name === node.name?.text)
      );
      if (!element?.tagName) return;
      const where = `${moduleDoc.path}:${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const report = (/** @type {string} */ message) => problems.push(`${where}: ${message}`);
      const { fields, attributes } = declaredProps(ts, node, report);
      const methods = (element.members ?? []).filter(
        (m) => m.kind === 'method' && !m.static && !m.privacy && !m.name.startsWith('#'),
      );
      for (const method of methods) if (!method.description) report(`method ${method.name}() has no JSDoc`);
      element.members = [...fields, ...methods];
      element.attributes = attributes;
      element.superclass = { name: 'HTMLElement', package: 'global:' };
      element.cssProperties = element.cssProperties?.map((p) => ({ ...p, ...withDefault(p.description) }));
      element.events = typedEvents(ts, node.getSourceFile(), moduleDoc.path ?? '', element.events ?? [], report);
      moduleDoc.exports?.push({
        kind: 'custom-element-definition',
        name: element.tagName,
        declaration: { name: element.name, module: moduleDoc.path },
      });
    },
  };
}

/**
 * The fields and attributes `static props = { name: helper() }` declares.
 * @param {TS} ts
 * @param {import('@custom-elements-manifest/analyzer/node_modules/typescript').ClassDeclaration} node
 * @param {(message: string) => void} report
 */
function declaredProps(ts, node, report) {
  /** @type {ElementField[]} */
  const fields = [];
  /** @type {import('custom-elements-manifest/schema').Attribute[]} */
  const attributes = [];
  const member = node.members.find(
    (m) =>
      ts.isPropertyDeclaration(m) &&
      m.name.getText() === 'props' &&
      m.modifiers?.some((x) => x.kind === ts.SyntaxKind.StaticKeyword),
  );
  const literal = member && ts.isPropertyDeclaration(member) ? member.initializer : undefined;
  if (!literal || !ts.isObjectLiteralExpression(literal)) {
    report('the element declares no `static props = { … }`');
    return { fields, attributes };
  }
  for (const prop of literal.properties) {
    if (!ts.isPropertyAssignment(prop) || !ts.isCallExpression(prop.initializer)) continue;
    const name = prop.name.getText();
    const helper = prop.initializer.expression.getText();
    if (!(helper in KINDS)) {
      report(`${name}: declare it with string(), boolean(), number(), list() or property<T>(), not ${helper}()`);
      continue;
    }
    const typeArgument = prop.initializer.typeArguments?.[0]?.getText();
    const kind = KINDS[/** @type {keyof typeof KINDS} */ (helper)];
    const type = { text: typeArgument ?? kind ?? 'unknown' };
    const doc = ts
      .getJSDocCommentsAndTags(prop)
      .filter(ts.isJSDoc)
      .map((d) => ts.getTextOfJSDocComment(d.comment) ?? '')
      .join('\n')
      .trim();
    if (!doc) report(`${name} has no JSDoc`);
    const { description, default: byDefault } = withDefault(doc);
    if (kind) {
      const attribute = attributeName(name);
      attributes.push({
        name: attribute,
        type,
        description,
        ...(byDefault ? { default: byDefault } : {}),
        fieldName: name,
      });
      fields.push({
        kind: 'field',
        name,
        type,
        description,
        ...(byDefault ? { default: byDefault } : {}),
        attribute,
        reflects: true,
      });
    } else {
      fields.push({ kind: 'field', name, type, description });
    }
  }
  return { fields, attributes };
}

/**
 * Each `@fires` event with its `detail` type from the file's `GlobalEventHandlersEventMap`,
 * spelled out (`{message: string, code: 'timeout' | …}`) from the types in the widget's folder.
 * @param {TS} ts
 * @param {import('@custom-elements-manifest/analyzer/node_modules/typescript').SourceFile} file
 * @param {string} path
 * @param {import('custom-elements-manifest/schema').Event[]} events
 * @param {(message: string) => void} report
 */
function typedEvents(ts, file, path, events, report) {
  const typed = eventMap(ts, file);
  const types = folderTypes(ts, dirname(path));
  for (const name of typed.keys())
    if (!events.some((e) => e.name === name)) report(`${name} is in GlobalEventHandlersEventMap but has no @fires`);
  return events.map((event) => {
    const text = typed.get(event.name);
    if (!text) {
      report(`@fires ${event.name} is not in GlobalEventHandlersEventMap`);
      return event;
    }
    return { ...event, type: { text: spellOut(text, types) } };
  });
}

/** `'ai-voice-demo-error': CustomEvent<VoiceDemoErrorDetail>` and the like, from `declare global`. */
function eventMap(
  /** @type {TS} */ ts,
  /** @type {import('@custom-elements-manifest/analyzer/node_modules/typescript').SourceFile} */ file,
) {
  /** @type {Map<string, string>} */
  const map = new Map();
  for (const statement of file.statements) {
    if (
      !ts.isModuleDeclaration(statement) ||
      statement.name.getText() !== 'global' ||
      !statement.body ||
      !ts.isModuleBlock(statement.body)
    )
      continue;
    for (const decl of statement.body.statements) {
      if (!ts.isInterfaceDeclaration(decl) || decl.name.text !== 'GlobalEventHandlersEventMap') continue;
      for (const member of decl.members) {
        if (ts.isPropertySignature(member) && member.type && ts.isStringLiteral(member.name))
          map.set(member.name.text, member.type.getText());
      }
    }
  }
  return map;
}

/** The interfaces (as `{a: A, b: B}`) and type aliases declared in the widget's folder. */
function folderTypes(/** @type {TS} */ ts, /** @type {string} */ folder) {
  /** @type {Map<string, string>} */
  const types = new Map();
  const root = join(dirname(new URL(import.meta.url).pathname), '../..', folder);
  if (!existsSync(root)) return types;
  for (const name of readdirSync(root).filter((f) => /\.ts$/.test(f) && !f.endsWith('.test.ts'))) {
    const file = ts.createSourceFile(name, readFileSync(join(root, name), 'utf8'), ts.ScriptTarget.ES2022, true);
    for (const statement of file.statements) {
      if (ts.isInterfaceDeclaration(statement)) {
        const members = statement.members
          .filter(ts.isPropertySignature)
          .map((m) => `${m.name.getText()}${m.questionToken ? '?' : ''}: ${m.type?.getText() ?? 'unknown'}`);
        types.set(statement.name.text, `{${members.join(', ')}}`);
      } else if (ts.isTypeAliasDeclaration(statement)) {
        types.set(statement.name.text, statement.type.getText());
      }
    }
  }
  return types;
}

/** A type's text on one line, without the `|` a formatter puts before a union's first member. */
const oneLine = (/** @type {string} */ text) => text.replace(/\s+/g, ' ').replace(/^\s*\|\s*/, '');

/** Replaces type names with what they are, a few levels deep; `Record<string, never>` is `{}`. */
function spellOut(/** @type {string} */ text, /** @type {Map<string, string>} */ types) {
  let result = oneLine(text.replace(/^CustomEvent<([\s\S]*)>$/, '$1'));
  for (let depth = 0; depth < 3; depth++)
    result = result.replace(/\b[A-Z]\w*\b/g, (name) => oneLine(types.get(name) ?? name));
  return `CustomEvent<${result.replace('Record<string, never>', '{}')}>`;
}

/** the attribute name for a prop: `publicKey` is watched as `public-key`. */
function attributeName(/** @type {string} */ prop) {
  return prop.replace(/([a-z0-9])([A-Z])/g, (_, a, b) => `${a}-${b.toLowerCase()}`);
}

/** Splits "Meaning. Default: `x`." into the meaning and the default. */
export function withDefault(/** @type {string | undefined} */ description = '') {
  const found = /\s*Default: (`[^`]*`|[^.]*)\.?/.exec(description);
  if (!found) return { description };
  return { description: description.replace(found[0], '').trim(), default: found[1].replace(/^`|`$/g, '') };
}
