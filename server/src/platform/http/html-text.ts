/** What each character that means something in HTML is written as: React's escaping, so a theme written by hand has the bytes React gave it. */
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

/** `text` safe inside an element or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIALS, (character) => ENTITIES[character]!) : text;
}
