// The largest body a JSON schema accepts, in bytes, so that a route's body limit never refuses a valid
// body: every character may arrive escaped (`\u00e9`, 6 bytes), and one outside the Basic Multilingual
// Plane as two escapes (12 bytes), while `maxLength` counts it once.

type Schema = {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  maxProperties?: number;
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
};

const PER_CODE_POINT = 12;
const PER_ASCII = 6;
const NUMBER = 24;

/** An upper bound of the JSON text `schema` accepts (written compactly); a string without `maxLength` adds nothing. */
export function largestJson(schema: Schema): number {
  if (schema.const !== undefined) return escaped(schema.const);
  if (schema.enum) return Math.max(...schema.enum.map(escaped));
  if (schema.anyOf) return Math.max(...schema.anyOf.map(largestJson));
  const type = [schema.type ?? 'unknown'].flat();
  if (type.includes('object')) {
    const named = Object.entries(schema.properties ?? {}).map(
      ([key, value]) => escaped(key) + 1 + largestJson(value) + 1,
    );
    const pattern =
      Object.values(schema.patternProperties ?? {})[0] ??
      (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    const keyBound = schema.propertyNames ? largestJson({ type: 'string', ...schema.propertyNames }) : 0;
    const more = pattern ? (schema.maxProperties ?? 0) * (keyBound + 1 + largestJson(pattern) + 1) : 0;
    return 2 + named.reduce((a, b) => a + b, 0) + more;
  }
  if (type.includes('array')) return 2 + (schema.maxItems ?? 0) * (largestJson(schema.items ?? {}) + 1);
  if (type.includes('string')) return 2 + (schema.maxLength ?? 0) * PER_CODE_POINT;
  if (type.includes('boolean')) return 5;
  if (type.includes('number') || type.includes('integer')) return NUMBER;
  if (type.includes('null')) return 4;
  return 0;
}

const escaped = (value: unknown) => JSON.stringify(value).length * PER_ASCII;

/** A route's body limit: its largest valid body rounded up to whole KiB, and never below 16 KiB. */
export function bodyLimitOf(schema: Schema): number {
  return Math.max(16 * 1024, Math.ceil(largestJson(schema) / 1024) * 1024);
}
