/**
 * A topic's text is stored as written (markup included, as plain text) and shown as text with its
 * line breaks, where only http and https addresses become links (DISCUSSION_LINK_REL). Server
 * fragments and the client render these parts with React, so everything else is escaped by
 * construction.
 */
export type DiscussionTextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string } | { kind: 'break' };

const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence more often than an address. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

function linkOf(candidate: string): { href: string; text: string } | null {
  const text = candidate.replace(TRAILING, '');
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname) return null;
    return { href: url.href, text };
  } catch {
    return null;
  }
}

function lineParts(line: string): DiscussionTextPart[] {
  const parts: DiscussionTextPart[] = [];
  let at = 0;
  for (const match of line.matchAll(ADDRESS)) {
    const link = linkOf(match[0]);
    if (link === null) continue;
    if (match.index > at) parts.push({ kind: 'text', text: line.slice(at, match.index) });
    parts.push({ kind: 'link', ...link });
    at = match.index + link.text.length;
  }
  if (at < line.length) parts.push({ kind: 'text', text: line.slice(at) });
  return parts;
}

/** The parts of a topic's text: runs of text, safe links and line breaks. */
export function discussionTextParts(text: string): DiscussionTextPart[] {
  return text.split('\n').flatMap((line, index) => (index === 0 ? lineParts(line) : [{ kind: 'break' } as const, ...lineParts(line)]));
}
