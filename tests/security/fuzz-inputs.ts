import fc from 'fast-check';

/**
 * Inputs for fuzzing the POST and PUT routes: bodies shaped by a route's own request schema (so
 * they pass validation often enough to reach the handler) with hostile values in the leaves,
 * bodies that are anything at all (deep nesting, huge numbers, prototype-pollution keys,
 * invalid UTF-8), and path parameters, from ids that exist to text no route expects.
 */

/** The part of a JSON Schema (as the OpenAPI document publishes it) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
}

/** What exists in the database, so generated input can hit real rows and real shapes. */
export interface Samples {
  /** Ids of rows of every table. */
  ids: string[];
  /** Stored values by column name (camelCase, as bodies name them); JSON text also parsed. */
  byName: Map<string, unknown[]>;
}

const HOSTILE_TEXT = [
  '', ' ', '__proto__', 'constructor', 'prototype', "' or '1'='1", "'; drop table base_user; --", '<img src=x onerror=alert(1)>',
  '../../../etc/passwd', '%00', '\u0000', '\u202e', '𠮷𠮷', '${7*7}', '{{7*7}}', 'NaN', '-1', '1e309', '9007199254740993', '[]', '{}', 'null',
  '-1', '0', 'x'.repeat(5000),
];
const HOSTILE_NUMBERS = [0, -0, -1, 1, 2 ** 31, 2 ** 53 + 2, -(2 ** 53), 1e20, 1e308, -1e308, 5e-324, 0.5];

export const hostileText = fc.constantFrom(...HOSTILE_TEXT);
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary', maxLength: 20 }), hostileText);
const anyNumber = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(...HOSTILE_NUMBERS));
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** Replaces the k-th leaf of a JSON document (or drops a key): a near-miss of a real document. */
function mutate(doc: unknown, k: number, leaf: unknown, drop: boolean): unknown {
  let seen = 0;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) {
        if (drop && seen++ === k) continue;
        out[key] = walk(value);
      }
      return out;
    }
    return seen++ === k ? leaf : node;
  };
  return walk(doc);
}

function fromSamples(values: unknown[] | undefined): fc.Arbitrary<unknown>[] {
  if (!values?.length) return [];
  const docs = values.filter((v) => v !== null && typeof v === 'object');
  return [
    fc.constantFrom(...values),
    ...(docs.length ? [fc.tuple(fc.constantFrom(...docs), fc.nat(200), fc.oneof(anyText, anyNumber, anyJson), fc.boolean()).map(([d, k, leaf, drop]) => mutate(d, k, leaf, drop))] : []),
  ];
}

/** A value for a schema: mostly what it asks for (with hostile leaves), now and then anything. */
export function fromSchema(schema: JsonSchema | undefined, samples: Samples, name = '', depth = 0): fc.Arbitrary<unknown> {
  const known = fromSamples(samples.byName.get(name));
  const shaped = shapedBy(schema ?? {}, samples, depth);
  const withSamples = known.length ? fc.oneof({ weight: 3, arbitrary: shaped }, ...known.map((arbitrary) => ({ weight: 2, arbitrary }))) : shaped;
  const nullable = schema?.nullable ? fc.option(withSamples, { nil: null, freq: 8 }) : withSamples;
  return fc.oneof({ weight: 14, arbitrary: nullable }, { weight: 1, arbitrary: anyJson });
}

function shapedBy(schema: JsonSchema, samples: Samples, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromSchema(s, samples, '', depth)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], samples, '', depth);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof({ weight: 3, arbitrary: fc.string({ maxLength: Math.min(schema.maxLength ?? 40, 40) }) }, { weight: 2, arbitrary: anyText }, { weight: 1, arbitrary: fc.constantFrom(...samples.ids) });
    case 'integer':
      return fc.oneof(fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 }), anyNumber);
    case 'number':
      return anyNumber;
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, samples, '', depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object':
    case undefined:
      if (!schema.properties) return type === 'object' ? fc.dictionary(fc.oneof(fc.string(), hostileText), anyJson, { maxKeys: 4 }) : anyJson;
      return objectOf(schema, samples, depth);
    default:
      return anyJson;
  }
}

function objectOf(schema: JsonSchema, samples: Samples, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, depth > 4 ? anyJson : fromSchema(s, samples, key, depth + 1)]));
  const record = fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
  if (schema.additionalProperties === false) return record;
  const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), hostileText), anyJson, { maxKeys: 2 });
  return fc.tuple(record, fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: extra })).map(([r, e]) => (e ? { ...e, ...(r as object) } : r));
}

/** Raw body text (or bytes) that no schema describes. */
export const wildBody: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  anyJson.map((v) => JSON.stringify(v)),
  fc.integer({ min: 1, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1, max: 20_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.constantFrom(
    '', 'null', 'true', '0', '"text"', '[]', 'not json', '{"a":', '\ufeff{}', '1e999', '-1e999', '123456789012345678901234567890',
    '{"currentPage":1e400,"pageSize":-1e400}', '{"__proto__":{"isAdministrator":true,"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}', '{"a":{"__proto__":{"polluted":1}}}', '{"data":{"__proto__":{"polluted":1}}}',
  ),
  fc.uint8Array({ minLength: 1, maxLength: 64 }),
  fc.string({ unit: 'binary' }).map((s) => JSON.stringify({ data: s, fullName: s, account: s })),
);

/**
 * A shaped body with a prototype-pollution key spliced in now and then: JSON.stringify cannot
 * write an own "__proto__" key, so it is added to the text.
 */
export function shapedBody(schema: JsonSchema | undefined, samples: Samples): fc.Arbitrary<string> {
  const poisons = fc.constantFrom('"__proto__":{"polluted":1}', '"constructor":{"prototype":{"polluted":1}}');
  return fc.tuple(fromSchema(schema, samples), fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: poisons })).map(([value, poison]) => {
    const text = JSON.stringify(value) ?? 'null';
    return poison && text.startsWith('{') ? `{${poison}${text.length > 2 ? ',' : ''}${text.slice(1)}` : text;
  });
}

/** A path parameter: an id that exists (often), or text of any kind, percent-encoded byte by byte. */
export function pathParam(samples: Samples): fc.Arbitrary<string> {
  return fc
    .oneof({ weight: 4, arbitrary: fc.constantFrom(...samples.ids) }, { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 60, unit: 'grapheme' }) }, { weight: 1, arbitrary: hostileText.filter((t) => t.length > 0) }, {
      weight: 1,
      arbitrary: fc.string({ minLength: 1, maxLength: 20, unit: 'binary' }),
    })
    .map(encodeSegment);
}

/** encodeURIComponent throws on a lone surrogate; this writes what Buffer makes of it (U+FFFD). */
export function encodeSegment(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => (/[A-Za-z0-9\-_~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}
