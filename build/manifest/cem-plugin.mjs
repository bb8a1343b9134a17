import { classJsDocPlugin } from '@custom-elements-manifest/analyzer/src/features/analyse-phase/class-jsdoc.js';

/** @typedef {import('@custom-elements-manifest/analyzer').Plugin} Plugin */
/** @typedef {Parameters<NonNullable<Plugin['analyzePhase']>>[0]} AnalyzeParams */
/** @typedef {AnalyzeParams['ts']} TS */
/** @typedef {AnalyzeParams['node']} Node */
/** @typedef {ReturnType<Node['getSourceFile']>} SourceFile */
/**
 * A custom element class. Schema 1.0.0's own `CustomElementDeclaration` forgets the `CustomElement` part.
 * @typedef {import('custom-elements-manifest/schema').ClassDeclaration & import('custom-elements-manifest/schema').CustomElement} ElementDoc
 */
/**
 * A field backed by an attribute, as the analyzer writes it for native and Lit elements
 * (schema 2.0 names it `CustomElementField`).
 * @typedef {import('custom-elements-manifest/schema').ClassField & { attribute?: string, reflects?: boolean }} ElementField
 */
/** @typedef {{ attrs: Map<string, string>, properties: string[] }} Wiring */

/**
 * Our elements have no class in the source: `widgetElement(Component, { attrs, properties })`
 * builds one on first define, and the JSDoc on that call is the element's one documentation.
 * This plugin gives the analyzer what a hand-written element would: a class declaration filled
 * by the analyzer's own JSDoc reader, and the tag's custom-element definition. It also holds the
 * JSDoc to the call, so documented and wired attributes and properties cannot drift apart.
 * @param {string[]} problems Where disagreements are reported, one line each: the caller fails on
 *   any. Thrown from a plugin, they would drown in the analyzer's "report this bug" wrapping.
 * @returns {Plugin}
 */
export function widgetElementPlugin(problems) {
  const jsDocReader = classJsDocPlugin();
  return {
    name: 'ai-widgets/widget-element',
    analyzePhase(params) {
      try {
        addElement(params, jsDocReader);
      } catch (error) {
        if (!(error instanceof DocProblem)) throw error;
        problems.push(error.message);
      }
    },
  };
}

class DocProblem extends Error {}

/**
 * @param {AnalyzeParams} params
 * @param {Plugin} jsDocReader
 */
function addElement({ ts, node, moduleDoc, context }, jsDocReader) {
  const call = widgetElementCall(ts, node);
  if (!call || !ts.isVariableStatement(node)) return;
  const where = `${moduleDoc.path}:${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const jsDoc = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  if (jsDoc.length === 0) throw new DocProblem(`${where}: widgetElement(...) has no JSDoc to document the element by`);

  /** @type {ElementDoc} */
  const element = { kind: 'class', customElement: true, name: '(pending)', description: '', ...emptyLists() };
  moduleDoc.declarations?.push(element);
  // The reader only looks at the kind, the class name and the JSDoc, so the call's JSDoc
  // is read exactly as it would be above a class.
  const asClass = { kind: ts.SyntaxKind.ClassDeclaration, name: { getText: () => element.name }, jsDoc };
  jsDocReader.analyzePhase?.({ ts, moduleDoc, context, node: /** @type {Node} */ (/** @type {unknown} */ (asClass)) });

  const tag = element.tagName;
  if (!tag) throw new DocProblem(`${where}: the element's JSDoc needs @tag`);
  const name = tagTypeName(ts, node.getSourceFile(), tag);
  if (!name) throw new DocProblem(`${where}: declare '${tag}' in HTMLElementTagNameMap, naming the element's type`);
  element.name = name;
  element.superclass = { name: 'HTMLElement', package: 'global:' };
  reconcile(element, wiringOf(ts, call), where);
  moduleDoc.exports?.push({ kind: 'custom-element-definition', name: tag, declaration: { name, module: moduleDoc.path } });
}

function emptyLists() {
  return { attributes: [], members: [], events: [], slots: [], cssParts: [], cssProperties: [], cssStates: [] };
}

/** The `widgetElement(...)` call a `const x = widgetElement(...)` statement holds, if any. */
function widgetElementCall(/** @type {TS} */ ts, /** @type {Node} */ node) {
  if (!ts.isVariableStatement(node)) return undefined;
  const init = node.declarationList.declarations[0]?.initializer;
  return init && ts.isCallExpression(init) && init.expression.getText() === 'widgetElement' ? init : undefined;
}

/** The type `declare global { interface HTMLElementTagNameMap { 'tag': Type } }` gives the tag. */
function tagTypeName(/** @type {TS} */ ts, /** @type {SourceFile} */ file, /** @type {string} */ tag) {
  for (const statement of file.statements) {
    if (!ts.isModuleDeclaration(statement) || statement.name.text !== 'global' || !statement.body) continue;
    if (!ts.isModuleBlock(statement.body)) continue;
    for (const decl of statement.body.statements) {
      if (!ts.isInterfaceDeclaration(decl) || decl.name.text !== 'HTMLElementTagNameMap') continue;
      for (const member of decl.members) {
        if (member.name && ts.isStringLiteral(member.name) && member.name.text === tag && ts.isPropertySignature(member)) {
          return member.type?.getText();
        }
      }
    }
  }
  return undefined;
}

/**
 * What the call wires at run time: `attrs` (prop name to attribute type) and the JS-only `properties`.
 * @param {TS} ts
 * @param {NonNullable<ReturnType<typeof widgetElementCall>>} call
 * @returns {Wiring}
 */
function wiringOf(ts, call) {
  const options = call.arguments[1];
  /** @type {Wiring} */
  const wiring = { attrs: new Map(), properties: [] };
  if (!options || !ts.isObjectLiteralExpression(options)) return wiring;
  for (const prop of options.properties) {
    if (!ts.isPropertyAssignment(prop)) continue;
    const key = prop.name.getText();
    if (key === 'attrs' && ts.isObjectLiteralExpression(prop.initializer)) {
      for (const attr of prop.initializer.properties) {
        if (ts.isPropertyAssignment(attr) && ts.isStringLiteral(attr.initializer)) {
          wiring.attrs.set(attr.name.getText(), attr.initializer.text);
        }
      }
    }
    if (key === 'properties' && ts.isArrayLiteralExpression(prop.initializer)) {
      wiring.properties = prop.initializer.elements.filter(ts.isStringLiteral).map((e) => e.text);
    }
  }
  return wiring;
}

/** the attribute name for a prop: `publicKey` is watched as `public-key`. */
function attributeName(/** @type {string} */ prop) {
  return prop.replace(/([a-z0-9])([A-Z])/g, (_, a, b) => `${a}-${b.toLowerCase()}`);
}

/**
 * Adds the properties the base class creates for the attributes, moves "Default: `x`." out of
 * descriptions into `default`, and refuses JSDoc that disagrees with the wiring.
 * @param {ElementDoc} element
 * @param {Wiring} wiring
 * @param {string} where
 */
function reconcile(element, wiring, where) {
  const byAttribute = new Map([...wiring.attrs].map(([prop, type]) => [attributeName(prop), { prop, type }]));
  const attributes = element.attributes ?? [];
  const jsOnly = (element.members ?? []).map((member) => member.name);
  mustMatch(where, '@attr', attributes.map((a) => a.name), [...byAttribute.keys()], 'attrs');
  mustMatch(where, '@prop', jsOnly, wiring.properties, 'properties');

  /** @type {ElementField[]} */
  const fields = [];
  for (const attribute of attributes) {
    const { prop, type } = /** @type {{ prop: string, type: string }} */ (byAttribute.get(attribute.name));
    const documented = attribute.type?.text;
    if (type !== 'json' && documented !== type) {
      throw new DocProblem(`${where}: @attr ${attribute.name} says {${documented}} but attrs wires it as '${type}'`);
    }
    Object.assign(attribute, withDefault(attribute.description), { fieldName: prop });
    const { description } = attribute;
    fields.push({ kind: 'field', name: prop, type: attribute.type, description, attribute: attribute.name, reflects: true });
  }
  element.members = [...fields, ...(element.members ?? [])];
  element.cssProperties = element.cssProperties?.map((p) => ({ ...p, ...withDefault(p.description) }));
}

/** Splits "Meaning. Default: `x`." into the meaning and the default. */
function withDefault(/** @type {string | undefined} */ description = '') {
  const found = /\s*Default: `([^`]*)`\.?/.exec(description);
  if (!found) return { description };
  return { description: description.replace(found[0], '').trim(), default: found[1] };
}

/**
 * @param {string} where
 * @param {string} docTag
 * @param {string[]} documented
 * @param {string[]} wired
 * @param {string} option
 */
function mustMatch(where, docTag, documented, wired, option) {
  const undocumented = wired.filter((name) => !documented.includes(name));
  const unwired = documented.filter((name) => !wired.includes(name));
  if (undocumented.length + unwired.length === 0) return;
  throw new DocProblem(
    `${where}: the JSDoc and widgetElement's \`${option}\` disagree.` +
      (undocumented.length ? ` No ${docTag} for: ${undocumented.join(', ')}.` : '') +
      (unwired.length ? ` Not in \`${option}\`: ${unwired.join(', ')}.` : ''),
  );
}
