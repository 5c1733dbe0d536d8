import { z } from 'zod';

// Catalogue text is plain text: anything that opens a tag (`<` then a letter, `/`, `!` or `?`, closed or
// not) and control characters (other than tab and line breaks) are refused, so nothing stored can turn into
// markup in the mobile app or a web view. `I <3 Balochistan`, quotes, semicolons and SQL-looking words are
// ordinary text here and are stored as given (queries are parameterised).
const TAG_OPENER = /<[A-Za-z/!?]/;

/** Whether the text contains something an HTML parser would read as the start of a tag or comment. */
export const opensTag = (v: string): boolean => TAG_OPENER.test(v);
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine((v) => !opensTag(v), 'Must not contain HTML tags')
    .refine((v) => !CONTROL_CHARACTER.test(v), 'Must not contain control characters');

/** Required text, trimmed, with the spec's message when empty. */
export const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).pipe(plainText(max));

/** Optional text: an empty or blank string is stored as null, as the spec's forms send it. */
export const nullableText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), plainText(max).nullable());

const isRealDate = (v: string) => {
  const d = new Date(`${v.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v.slice(0, 10);
};

/** A calendar date, `YYYY-MM-DD` (a full ISO timestamp is cut to its date); '' → null. */
export const nullableDate = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'Must be a date (YYYY-MM-DD)')
    .refine(isRealDate, 'Must be a real calendar date')
    .transform((v) => v.slice(0, 10))
    .nullable(),
);

// An absolute http(s) URL with a host, or a `/media/…` path of the shape this server issues (segments of
// letters, digits, `_`, `-` and inner dots, so no `..`). Never quotes, angle brackets, backslashes,
// backticks or white space, and never protocol-relative (`//host`) or other schemes.
const ABSOLUTE_URL = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#][^\s"'<>\\`]*)?$/i;
const MEDIA_PATH = /^\/media(?:\/[A-Za-z0-9_-](?:[A-Za-z0-9._-]*[A-Za-z0-9_-])?)+$/;

/** Whether a URL field may hold this value (see ABSOLUTE_URL and MEDIA_PATH). */
export const isSafeUrl = (v: string): boolean =>
  MEDIA_PATH.test(v) || (ABSOLUTE_URL.test(v) && URL.canParse(v));

/** An absolute http(s) URL or a `/media/…` path this server issued; '' → null. */
export const nullableUrl = (max = 2048) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max).refine(isSafeUrl, 'Must be a URL').nullable(),
  );

/** Ids are 32-bit serials on PostgreSQL; a larger number cannot name a row. */
export const MAX_ID = 2_147_483_647;

/** Ids as text (paths, query strings, forms): canonical positive decimals only, no sign, exponent or zeros. */
const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/** A numeric id: a JSON integer, or its canonical decimal text (`1e1`, `+10`, `0010`, `10.0`, `0x10` are not). */
export const idSchema = z.preprocess(
  (v) => (typeof v === 'string' && ID_TEXT.test(v) ? Number(v) : v),
  z
    .number({ error: 'Must be an id' })
    .int('Must be an id')
    .positive('Must be an id')
    .max(MAX_ID, 'Must be an id'),
);

export const nullableId = z.preprocess((v) => (v === '' ? null : v), idSchema.nullable());

export const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'Must be a hex colour like #FF6B6B');

/** Query-string booleans: true/false/1/0. */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const idParamsSchema = z.object({ id: idSchema });
