import { z } from 'zod';
import { MAX_ID } from './limits';

/**
 * The building blocks every schema of a request field is made of, so that no field costs more
 * than its size: a text is refused on its raw length before anything else looks at it (counting
 * characters as a person sees them, emoji short codes or markup checks come after), and numbers
 * are read only from the plain forms a person or a client writes.
 */

/**
 * How many UTF-16 units a text limited to `max` characters may arrive as: room for emoji
 * sequences, combining marks, short codes and surrounding spaces, and nothing close to what makes
 * character counting or pattern checks slow.
 */
export const rawLengthFor = (max: number): number => max * 8 + 64;

/**
 * A string of at most `maxUnits` UTF-16 units; a longer one is refused with `tooLong` and no later
 * check, transform or refinement runs on it (`abort`).
 */
export const boundedString = (required: string, tooLong: string, maxUnits: number) =>
  z.string({ error: required }).max(maxUnits, { error: tooLong, abort: true });

/** Control characters and bidirectional overrides (which can disguise text) are dropped; line breaks stay. */
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;
/** U+FFFD is what bytes that are not UTF-8 decode to: never something a person typed. */
const REPLACEMENT_CHARACTER = /\uFFFD/g;

/**
 * Text as a person typed it: line breaks unified, invisible controls and U+FFFD dropped, trimmed.
 * Comments and chat clean their text with this one function.
 */
export function cleanTypedText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(INVISIBLE_CONTROLS, '').replace(REPLACEMENT_CHARACTER, '').trim();
}

/**
 * A text's length as a person counts it for a limit: by code points, so an emoji of one code point
 * is one. Not by graphemes: segmenting is quadratic on long runs, and a field may arrive at tens of
 * thousands of units before its limit refuses it.
 */
export const codePointLength = (value: string): number => [...value].length;

const DIGITS = /^\d{1,16}$/;

/**
 * A whole number from `min` to `max`: a JSON number, or its decimal digits as a form sends them.
 * Signs, spaces, hex (`0x10`), exponents, booleans, arrays and objects are refused.
 */
export const wholeNumber = (message: string, bounds: { min: number; max: number }) =>
  z.preprocess(
    (value) => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : value),
    z
      .number({ error: message })
      .int({ error: message })
      .min(bounds.min, { error: message })
      .max(bounds.max, { error: message }),
  );

/** A row's id: a whole number from 1 to MAX_ID (see wholeNumber for the forms taken). */
export const idSchema = (message: string) => wholeNumber(message, { min: 1, max: MAX_ID });

/** A legacy optional id: missing, empty, 0 or null all mean "not given". */
export const optionalIdSchema = (message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' || value === '0' || value === 0 ? undefined : value),
    idSchema(message).optional(),
  );

const DECIMAL = /^\d{1,12}(\.\d{1,9})?$/;

/** A number from `min` to `max` with an optional fraction: a JSON number, or `12` / `12.5` as a form sends it. */
export const decimalNumber = (message: string, bounds: { min: number; max: number }) =>
  z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value),
    z.number({ error: message }).min(bounds.min, { error: message }).max(bounds.max, { error: message }),
  );
