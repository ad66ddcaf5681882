/** `text` as a literal inside a LIKE pattern: its `\`, `%` and `_` match only themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
