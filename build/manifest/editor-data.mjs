import { customElements } from './manifest.mjs';

/** @typedef {import('custom-elements-manifest/schema').Package} Package */
/** @typedef {import('./element-plugin.mjs').ElementDoc} ElementDoc */
/** @typedef {import('./element-plugin.mjs').ElementField} ElementField */
/** @typedef {{ name: string, summary?: string, description?: string, default?: string }} Documented */
/**
 * VS Code's HTML custom data, format 1.1: what `html.customData` reads for completion and hovers.
 * @typedef {{ name: string }} VsCodeValue
 * @typedef {{ name: string, description?: string, values?: VsCodeValue[] }} VsCodeAttribute
 * @typedef {{ name: string, description?: string, attributes: VsCodeAttribute[] }} VsCodeTag
 * @typedef {{ version: 1.1, tags: VsCodeTag[] }} VsCodeCustomData
 */
/**
 * JetBrains web-types: what WebStorm and the other IntelliJ IDEs read from a package's
 * `web-types` field.
 * @typedef {{ name: string, description?: string }} WebTypesEntry
 * @typedef {WebTypesEntry & { default?: string, value?: { type: string } }} WebTypesAttribute
 * @typedef {WebTypesEntry & { type?: string }} WebTypesProperty
 * @typedef {{
 *   name: string,
 *   description?: string,
 *   attributes: WebTypesAttribute[],
 *   slots?: WebTypesEntry[],
 *   js: { properties: WebTypesProperty[], events: WebTypesEntry[] },
 *   css: { properties: WebTypesEntry[], parts: WebTypesEntry[] },
 * }} WebTypesElement
 * @typedef {{
 *   $schema: string,
 *   name: string,
 *   version: string,
 *   'js-types-syntax': 'typescript',
 *   'description-markup': 'markdown',
 *   contributions: { html: { elements: WebTypesElement[] } },
 * }} WebTypes
 */

/** Written at the repository root and published, like custom-elements.json. */
export const VSCODE_DATA_FILE = 'vscode.html-custom-data.json';
export const WEB_TYPES_FILE = 'web-types.json';

/**
 * The manifest's elements as VS Code HTML custom data. The format has room for tags and their
 * attributes only, so each tag's description also lists its methods, events, JS-only properties, slots,
 * parts and CSS custom properties.
 * @param {Package} manifest
 * @returns {VsCodeCustomData}
 */
export function vscodeCustomData(manifest) {
  return {
    version: 1.1,
    tags: elements(manifest).map((element) => ({
      name: /** @type {string} */ (element.tagName),
      ...optional(
        'description',
        paragraphs(
          about(element),
          list(
            'Methods',
            methods(element).map((m) => ({ ...m, name: `${m.name}()` })),
          ),
          list('Events', element.events),
          list('JS properties', jsOnly(element)),
          list('Slots', element.slots),
          list('CSS parts', element.cssParts),
          list('CSS custom properties', element.cssProperties),
        ),
      ),
      attributes: (element.attributes ?? []).map((attribute) => ({
        name: attribute.name,
        ...optional('description', withDefault(attribute)),
        ...optional(
          'values',
          literals(attribute.type?.text)?.map((name) => ({ name })),
        ),
      })),
    })),
  };
}

/**
 * The manifest's elements as JetBrains web-types. Types are given as the manifest writes them,
 * in TypeScript syntax, so a union of string literals completes to its members.
 * @param {Package} manifest
 * @param {{ name: string, version: string }} pkg The package.json the file is published in.
 * @returns {WebTypes}
 */
export function webTypes(manifest, pkg) {
  return {
    $schema: 'https://json.schemastore.org/web-types',
    name: pkg.name,
    version: pkg.version,
    'js-types-syntax': 'typescript',
    'description-markup': 'markdown',
    contributions: {
      html: {
        elements: elements(manifest).map((element) => ({
          name: /** @type {string} */ (element.tagName),
          ...optional('description', about(element)),
          attributes: (element.attributes ?? []).map((attribute) => ({
            ...entry(attribute),
            ...optional('default', attribute.default),
            ...optional('value', attribute.type?.text ? { type: attribute.type.text } : undefined),
          })),
          ...optional('slots', element.slots?.length ? element.slots.map(entry) : undefined),
          js: {
            // web-types has no methods: each is a property of its function type.
            properties: [
              ...fields(element).map((field) => ({ ...entry(field), ...optional('type', field.type?.text) })),
              ...methods(element).map((method) => ({
                ...entry(method),
                type: `() => ${method.return?.type?.text ?? 'void'}`,
              })),
            ],
            events: (element.events ?? []).map(entry),
          },
          css: {
            // web-types has no default for a CSS property, so it goes where the docs put it.
            properties: (element.cssProperties ?? []).map((property) => ({
              name: property.name,
              ...optional('description', withDefault(property)),
            })),
            parts: (element.cssParts ?? []).map(entry),
          },
        })),
      },
    },
  };
}

/** The file's text: 2-space JSON with a trailing newline, like custom-elements.json. */
export function toJson(/** @type {unknown} */ data) {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** The manifest's custom elements that have a tag, in manifest order. */
function elements(/** @type {Package} */ manifest) {
  return customElements(manifest)
    .map(({ element }) => element)
    .filter((element) => element.tagName);
}

/** The element's public instance fields: those backed by an attribute and the JS-only ones. */
function fields(/** @type {ElementDoc} */ element) {
  return /** @type {ElementField[]} */ (
    (element.members ?? []).filter(
      (member) => member.kind === 'field' && !member.static && (member.privacy ?? 'public') === 'public',
    )
  );
}

/** The element's public methods. */
function methods(/** @type {ElementDoc} */ element) {
  return /** @type {import('custom-elements-manifest/schema').ClassMethod[]} */ (
    (element.members ?? []).filter(
      (member) => member.kind === 'method' && !member.static && (member.privacy ?? 'public') === 'public',
    )
  );
}

function jsOnly(/** @type {ElementDoc} */ element) {
  return fields(element).filter((field) => !field.attribute);
}

/** What the manifest says of something: its summary, then its description. */
function about(/** @type {Omit<Documented, 'name'>} */ item) {
  const { summary, description } = item;
  return paragraphs(summary, description === summary ? undefined : description);
}

/** The description with the default written back as the JSDoc wrote it (the element plugin moves it out). */
function withDefault(/** @type {Documented} */ item) {
  const text = about(item);
  if (item.default === undefined) return text;
  return [text, `Default: \`${item.default}\`.`].filter(Boolean).join(' ');
}

/** @returns {WebTypesEntry} */
function entry(/** @type {Documented} */ item) {
  return { name: item.name, ...optional('description', about(item)) };
}

/**
 * A Markdown list of names and their descriptions under a bold heading, or nothing.
 * The default slot, which has no name, is listed as "(default)", as in docs/elements.md.
 */
function list(/** @type {string} */ heading, /** @type {Documented[] | undefined} */ items = []) {
  if (items.length === 0) return undefined;
  const line = (/** @type {Documented} */ item) => {
    const text = withDefault(item)?.replace(/\s*\n\s*/g, ' ');
    return `- ${item.name ? `\`${item.name}\`` : '(default)'}${text ? `: ${text}` : ''}`;
  };
  return [`**${heading}**`, '', ...items.map(line)].join('\n');
}

/**
 * The members of a union of string literals (`'a' | 'b'`), ignoring `undefined` and `null`;
 * undefined for any other type, since its values cannot be listed.
 * @param {string | undefined} type
 * @returns {string[] | undefined}
 */
export function literals(type) {
  if (!type) return undefined;
  const members = type
    .split('|')
    .map((member) => member.trim())
    .filter((member) => member !== 'undefined' && member !== 'null');
  const values = members.map((member) => /^'([^'\\]*)'$|^"([^"\\]*)"$/.exec(member)).map((m) => m && (m[1] ?? m[2]));
  if (values.length === 0 || values.some((value) => value === null)) return undefined;
  return /** @type {string[]} */ (values);
}

/** Non-empty strings joined as Markdown paragraphs; undefined when there are none. */
function paragraphs(/** @type {(string | undefined)[]} */ ...parts) {
  return parts.filter(Boolean).join('\n\n') || undefined;
}

/**
 * `{ [key]: value }`, or nothing when the value is undefined, so that absent fields stay out of
 * the JSON instead of appearing as `undefined` in one place and missing in another.
 * @template {string} K
 * @template V
 * @param {K} key
 * @param {V | undefined} value
 * @returns {{ [P in K]?: V }}
 */
function optional(key, value) {
  return /** @type {{ [P in K]?: V }} */ (value === undefined ? {} : { [key]: value });
}
