/**
 * Folds text for search so that spelling variants meet: case, Latin diacritics, Arabic harakat and
 * tatweel, the Arabic/Persian letter variants used for Balochi and Brahui, and Arabic-Indic digits.
 * The same function folds stored text and queries, on the server and in the browser.
 */
const LETTER_VARIANTS: Record<string, string> = {
  '\u064A': '\u06CC', // ي Arabic yeh → ی Farsi yeh
  '\u0649': '\u06CC', // ى alef maksura → ی
  '\u0643': '\u06A9', // ك Arabic kaf → ک keheh
  '\u0623': '\u0627', // أ → ا
  '\u0625': '\u0627', // إ → ا
  '\u0622': '\u0627', // آ → ا
  '\u0671': '\u0627', // ٱ alef wasla → ا
  '\u0629': '\u0647', // ة teh marbuta → ه
  '\u06C1': '\u0647', // ہ Urdu heh goal → ه (ۂ becomes ہ once NFKD drops its hamza)
  '\u06BE': '\u0647', // ھ heh doachashmee → ه
};

const VARIANT_PATTERN = /[\u064A\u0649\u0643\u0623\u0625\u0622\u0671\u0629\u06C1\u06BE]/g;
// Combining marks (Latin accents after NFKD, Arabic harakat, superscript alef) and tatweel.
const MARKS_PATTERN = /[\u0300-\u036F\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

export function foldForSearch(text: string): string {
  return text
    .replace(VARIANT_PATTERN, (c) => LETTER_VARIANTS[c] ?? c)
    .normalize('NFKD')
    .replace(MARKS_PATTERN, '')
    .replace(VARIANT_PATTERN, (c) => LETTER_VARIANTS[c] ?? c)
    .replace(ARABIC_DIGITS, (d) => String((d.codePointAt(0) ?? 0) & 0xf))
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The folded search document of a row: its searchable fields, folded, joined by spaces. */
export function searchDocument(...fields: Array<string | null | undefined>): string {
  return foldForSearch(fields.filter((f): f is string => typeof f === 'string' && f.length > 0).join(' '));
}
