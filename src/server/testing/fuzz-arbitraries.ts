import fc from 'fast-check';

/** The part of JSON Schema that the OpenAPI document of the routes uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
}

const ARABIC_LETTERS = [...'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیيكةءأإآٱ ًٌٍَُِّْـ٠١٢٣٤٥٦٧٨٩ ۱۲۳'];

export const arabicText = fc.string({
  unit: fc.constantFrom(...ARABIC_LETTERS),
  minLength: 1,
  maxLength: 40,
});

/** Strings meant to break something: injection fragments, control characters, odd Unicode. */
export const hostileString = fc.constantFrom(
  "'; drop table songs; --",
  "' OR '1'='1",
  '1; select pg_sleep(1)',
  '"); delete from artists where (1=1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src=x onerror=alert(1)//',
  '</b',
  '<!--',
  '<?php',
  'I <3 Balochistan',
  'a < b',
  '{{7*7}}',
  '$' + '{process.exit()}',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\u202Eevil',
  '\uD800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🎵',
  'كَرِيم بلوچ',
  'نور خان بزنجو',
  '٠١٢٣',
  '',
  ' ',
  'null',
  'undefined',
  'true',
  'NaN',
  '-1',
  '1e309',
  '%',
  '\\',
  '"',
  '*',
  '"quoted" phrase',
);

const hugeString = fc
  .tuple(fc.integer({ min: 4_097, max: 200_000 }), fc.constantFrom('x', 'ب', '🎵', "'"))
  .map(([n, c]) => c.repeat(n));

/** Any value of the wrong kind: other types, edge numbers, nested structures, huge and hostile strings. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308),
  hostileString,
  arabicText,
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  hugeString,
  fc.jsonValue({ maxDepth: 4 }),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 }),
);

/** 'valid': values the schema accepts; 'plausible': mostly those, plus boundaries and near misses. */
type Mode = 'valid' | 'plausible';

/** Ids of rows the demo catalogue has (every table has at least 8; most have 40 and more). */
const existingId = fc.oneof(
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 8 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 400 }) },
);

const pick = <T>(mode: Mode, valid: fc.Arbitrary<T>, edges: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  mode === 'valid' ? valid : fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: edges });

const dateString = (mode: Mode) =>
  pick(
    mode,
    fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.constantFrom('2025-02-30', '2025-13-01', '0000-00-00', '2025-1-1', '2025-06-15T10:00:00+05:00'),
    ),
  );

const urlString = (mode: Mode) =>
  pick(
    mode,
    fc.oneof(
      // fast-check's web URLs may carry sub-delimiters such as ' that URL fields refuse.
      fc.webUrl().filter((u) => !UNSAFE_URL_CHARACTER.test(u)),
      fc.constantFrom('/media/images/a.jpg', 'https://cdn.example.com/ب.png'),
    ),
    fc.oneof(
      fc.constantFrom(
        'javascript:alert(1)',
        'ftp://x',
        '/media/../../etc/passwd',
        '//evil.example/x.png',
        '/\\evil.example',
        'https://cdn.example.com/a.png"onerror="alert(1)',
        'https://cdn.example.com/<svg>',
        '/x.png',
      ),
      fc.string({ maxLength: 20 }),
    ),
  );

const UNSAFE_URL_CHARACTER = /[\s"'<>\\`]/;

/**
 * What no accepted write may store: catalogue text that opens a tag, or a URL field that is not an absolute
 * http(s) URL or a `/media/…` path, or that holds quotes, angle brackets, backslashes or white space.
 */
export function unsafeStoredValue(name: string, value: unknown): boolean {
  if (typeof value !== 'string' || value.trim() === '') return false;
  const v = value.trim();
  if (/url|avatar|cover|image/i.test(name))
    return /[\s"<>\\`]/.test(v) || !/^(https?:\/\/[^/]|\/media\/)/i.test(v);
  return /<[A-Za-z/!?]/.test(v);
}

const colourString = (mode: Mode) =>
  pick(
    mode,
    fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`),
    fc.constantFrom('#fff', 'red', '#GGGGGG', '#FF6B6B00'),
  );

const notBlank = (s: string) => s.trim().length > 0 && !s.includes('\u0000');

function textFor(name: string, schema: JsonSchema, mode: Mode): fc.Arbitrary<string> {
  const pattern = schema.pattern ?? '';
  if (pattern.includes('#[0-9A-Fa-f]') || /colou?r/i.test(name)) return colourString(mode);
  if (pattern.includes('\\d{4}-') || /date/i.test(name)) return dateString(mode);
  if (pattern.includes('https?') || /url|avatar|cover|image/i.test(name)) return urlString(mode);
  const max = schema.maxLength ?? 200;
  const valid = fc
    .oneof(arabicText, fc.string({ minLength: 1, maxLength: Math.min(max, 60) }), hostileString)
    .filter((s) => notBlank(s) && s.trim().length <= max);
  const edges = fc.oneof(
    fc.constantFrom('x'.repeat(max), 'ب'.repeat(max), 'x'.repeat(max + 1), ' '.repeat(3), ''),
    hostileString,
  );
  return pick(mode, valid, edges);
}

function integerFor(name: string, schema: JsonSchema, mode: Mode): fc.Arbitrary<number> {
  const min = schema.minimum ?? -(2 ** 31);
  const max = schema.maximum ?? 2 ** 31;
  const isId = /id$|ids?$|artists$/i.test(name);
  // Ids: mostly rows that exist (the demo catalogue), sometimes rows that cannot.
  const valid = isId
    ? existingId
    : fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) });
  const edges = isId
    ? fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1, 0, -1)
    : fc.constantFrom(min, max, min - 1, max + 1);
  return pick(mode, valid, edges);
}

/** A value for one field, as the mode asks. */
export function valueFor(name: string, schema: JsonSchema, mode: Mode): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  const base: fc.Arbitrary<unknown> = variants
    ? fc.oneof(...variants.map((v) => valueFor(name, v, mode)))
    : schema.enum
      ? fc.constantFrom(...schema.enum)
      : byType(name, schema, mode);
  return schema.nullable
    ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
    : base;
}

function byType(name: string, schema: JsonSchema, mode: Mode): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return textFor(name, schema, mode);
    case 'integer':
      return integerFor(name, schema, mode);
    case 'number':
      return pick(mode, integerFor(name, schema, mode), fc.double({ noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const most = Math.min(schema.maxItems ?? 5, 5);
      return fc.array(schema.items ? valueFor(name, schema.items, mode) : nastyValue, {
        minLength: mode === 'valid' && /artists/i.test(name) ? 1 : 0,
        maxLength: mode === 'valid' ? most : most + 1,
      });
    }
    case 'object':
      return schema.properties
        ? mode === 'valid'
          ? validObject(schema)
          : objectFor(schema)
        : fc.dictionary(fc.string(), nastyValue, { maxKeys: 3 });
    default:
      return fc.oneof(nastyValue, fc.boolean(), fc.string());
  }
}

const requiredOf = (schema: JsonSchema) =>
  (schema.required ?? []).filter((k) => k in (schema.properties ?? {}));

function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const valid = Object.fromEntries(properties.map(([k, s]) => [k, valueFor(k, s, 'valid')]));
  return fc.record(valid, { requiredKeys: requiredOf(schema) });
}

/**
 * Objects shaped like the schema: valid ones (which reach the database), plausible ones, ones with
 * values of the wrong kind, missing required keys, or a key the schema does not know.
 */
export function objectFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const plausible = Object.fromEntries(properties.map(([k, s]) => [k, valueFor(k, s, 'plausible')]));
  const mixed = Object.fromEntries(
    properties.map(([k, s]) => [
      k,
      fc.oneof({ weight: 5, arbitrary: valueFor(k, s, 'plausible') }, { weight: 1, arbitrary: nastyValue }),
    ]),
  );
  const requiredKeys = requiredOf(schema);
  return fc.oneof(
    { weight: 4, arbitrary: validObject(schema) },
    { weight: 2, arbitrary: fc.record(plausible, { requiredKeys }) },
    { weight: 2, arbitrary: fc.record(mixed, { requiredKeys }) },
    { weight: 1, arbitrary: fc.record(mixed, { requiredKeys: [] }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(validObject(schema), fc.constantFrom('__proto__', 'constructor', 'id', 'extra'), nastyValue)
        .map(([o, k, v]) => ({ ...o, [k]: v })),
    },
  );
}

/** A request body: shaped like the route's schema, any JSON at all, or text that is not JSON. */
export type FuzzBody = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };

export function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<FuzzBody> {
  const shaped = schema?.properties ? objectFor(schema) : fc.jsonValue({ maxDepth: 3 });
  return fc.oneof(
    { weight: 6, arbitrary: shaped.map((value) => ({ kind: 'json' as const, value })) },
    {
      weight: 1,
      arbitrary: fc.jsonValue({ maxDepth: 5 }).map((value) => ({ kind: 'json' as const, value })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom('{', '{"title": "x",}', "{'a': 1}", 'NaN', '[1, 2', '\u0000', '', '{"a":1}{"b":2}'),
          fc.string({ maxLength: 40 }),
        )
        .map((text) => ({ kind: 'raw' as const, text, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.string({ maxLength: 40 }),
          fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded'),
        )
        .map(([text, contentType]) => ({ kind: 'raw' as const, text, contentType })),
    },
  );
}

/** encodeURIComponent, which throws on a lone surrogate; those become U+FFFD. */
const encode = (s: string) =>
  encodeURIComponent(
    s.replace(/[\uD800-\uDFFF]/g, (c, i: number) => {
      const code = c.charCodeAt(0);
      const pair = code < 0xdc00 ? s.charCodeAt(i + 1) : s.charCodeAt(i - 1);
      const paired = code < 0xdc00 ? pair >= 0xdc00 && pair <= 0xdfff : pair >= 0xd800 && pair < 0xdc00;
      return paired ? c : '\uFFFD';
    }),
  );

/** A query string for a list route: its own parameters, plausible or not, repeated keys, junk. */
export function queryFor(parameters: Record<string, JsonSchema>): fc.Arbitrary<string> {
  const entry = fc.oneof(
    ...Object.entries(parameters).map(([name, schema]) =>
      fc.tuple(fc.constant(name), fc.oneof(valueFor(name, schema, 'plausible'), nastyValue)),
    ),
    fc.tuple(
      fc.oneof(fc.constantFrom('foo', '__proto__', 'q[]', 'limit[a]'), fc.string({ maxLength: 8 })),
      nastyValue,
    ),
  );
  const encoded = fc
    .array(entry, { maxLength: 6 })
    .map((pairs) =>
      pairs
        .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
        .join('&'),
    );
  const raw = fc.oneof(
    fc.constantFrom(
      '%',
      '%E0%A4%A',
      'q=%ZZ',
      '&&&',
      '=',
      'limit=1&limit=2',
      'offset=-0',
      'q=%00',
      'limit=0x10',
    ),
    fc.string({ maxLength: 30 }).map((s) => s.replace(/[#\s]/g, '')),
  );
  return fc.oneof({ weight: 5, arbitrary: encoded }, { weight: 1, arbitrary: raw });
}

/** Ids in forms a loose number parser reads but that are not canonical decimals: always a 400. */
export const LOOSE_IDS = ['1e1', '%2B10', '0010', '10.0', '0x10', '-0', '1_0'];

/** A path id: a row that exists, one that does not, or something that is not an id at all. */
export const pathId = fc.oneof(
  { weight: 8, arbitrary: existingId.map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e3',
      'abc',
      '٣',
      '2147483648',
      '9007199254740993',
      '99999999999999999999',
      '%20',
      'null',
      ...LOOSE_IDS,
    ),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent) },
);

/** What a hand-written example puts in free-text fields and in id fields. */
export interface Sample {
  text: string;
  id: number;
}

/** The largest id a PostgreSQL integer column holds, plus one. */
export const BEYOND_INT4 = 2 ** 31;
export const NUL_TEXT: Sample = { text: 'nul\u0000byte', id: 1 };
export const HUGE_IDS: Sample = { text: 'valid text', id: BEYOND_INT4 };
export const TAG_TEXT: Sample = { text: '<img src=x onerror=alert(1)//', id: 1 };

const isFreeText = (name: string, schema: JsonSchema) =>
  schemaType(schema) === 'string' &&
  !schema.enum &&
  !schema.pattern &&
  !/url|avatar|cover|image|date|colou?r/i.test(name);
const isId = (name: string, schema: JsonSchema) => schemaType(schema) === 'integer' && /id$/i.test(name);
const schemaType = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

function sampleValue(name: string, schema: JsonSchema, sample: Sample): unknown {
  if (schema.enum) return schema.enum[0];
  if (isFreeText(name, schema)) return sample.text;
  if (isId(name, schema)) return sample.id;
  const type = schemaType(schema);
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  if (type === 'array')
    return schema.items && isId(name.replace(/s$/, 'Id'), schema.items) ? [sample.id] : [];
  if (type === 'object') return sampleBody(schema, sample);
  const pattern = schema.pattern ?? '';
  if (pattern.includes('#[0-9A-Fa-f]') || /colou?r/i.test(name)) return '#FF6B6B';
  if (pattern.includes('\\d{4}-') || /date/i.test(name)) return '2025-01-01';
  return 'https://example.com/a.png';
}

/**
 * A body that passes validation, with every free-text field and every id set from `sample`: a NUL
 * character (which PostgreSQL refuses in text) or an id beyond PostgreSQL's integer range. Both must
 * come back as a 4xx, never a 5xx.
 */
export function sampleBody(schema: JsonSchema, sample: Sample): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const relevant = isFreeText(name, property) || isId(name, property) || schemaType(property) === 'object';
    // A schema with no required field (a flag toggle) gets every field, so the body is not empty.
    const required = schema.required?.length ? schema.required.includes(name) : true;
    if (relevant || required) body[name] = sampleValue(name, property, sample);
  }
  return body;
}

const BOUNDARY = 'fuzzBoundary7MA4YWxk';

/**
 * Bodies for a multipart upload route: well-formed parts holding junk (random bytes named as an image or
 * audio file, wrong field names, empty files), broken framing (missing or wrong boundary, truncated
 * parts), and bodies that are not multipart at all.
 */
export function multipartBodyFor(fields: string[]): fc.Arbitrary<FuzzBody> {
  const part = fc
    .record({
      name: fc.oneof(fc.constantFrom(...fields, 'file', 'x'), fc.string({ maxLength: 20 })),
      filename: fc.option(
        fc.constantFrom('cover.jpg', 'song.mp3', 'نغمه.wav', '../../etc/passwd', 'a"b.png'),
        {
          nil: undefined,
        },
      ),
      type: fc.constantFrom(
        'image/jpeg',
        'image/png',
        'audio/mpeg',
        'application/octet-stream',
        'text/plain',
      ),
      content: fc.oneof(fc.string({ maxLength: 200 }), arabicText, fc.constant('')),
    })
    .map(
      ({ name, filename, type, content }) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"` +
        `${filename === undefined ? '' : `; filename="${filename}"`}\r\nContent-Type: ${type}\r\n\r\n${content}\r\n`,
    );
  const framed = fc
    .tuple(fc.array(part, { maxLength: 3 }), fc.constantFrom(`--${BOUNDARY}--\r\n`, '', `--${BOUNDARY}`))
    .map(([parts, end]) => ({
      kind: 'raw' as const,
      text: parts.join('') + end,
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    }));
  const misframed = fc
    .tuple(
      fc.string({ maxLength: 100 }),
      fc.constantFrom(
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary=other',
      ),
    )
    .map(([text, contentType]) => ({ kind: 'raw' as const, text, contentType }));
  return fc.oneof({ weight: 4, arbitrary: framed }, { weight: 1, arbitrary: misframed }, bodyFor(undefined));
}
