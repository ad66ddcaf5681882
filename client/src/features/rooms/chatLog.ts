import type { ChatMessage } from '@seyirlik/shared-contracts';

/** The messages a room page holds, ordered by sequence, and the cursor to ask for newer ones. */
export interface ChatLog {
  messages: readonly ChatMessage[];
  /**
   * The sequence up to which the log is complete (where its history starts while it holds nothing).
   * A pushed message beyond a hole does not move it, so the next fetch asks from the hole.
   */
  lastSeq: number;
}

/**
 * How messages reached the page. A fetched page is complete from the cursor it was asked with;
 * a pushed message (or the answer to a send) stands alone and may have overtaken others.
 */
export type ChatArrival = 'fetched' | 'pushed';

/** An empty log whose first fetch asks for the messages after `startAfter`. */
export function emptyChatLog(startAfter: number): ChatLog {
  return { messages: [], lastSeq: startAfter };
}

/**
 * Where a room page's history starts: the last page of messages before it opened, so a long
 * room shows its recent conversation without walking its whole history.
 */
export function historyStart(roomLastSeq: number, pageSize: number): number {
  return Math.max(0, roomLastSeq - pageSize);
}

/**
 * Adds messages however they came: one per sequence, in sequence order. Returns the same log when
 * nothing changed, so React skips a render.
 */
export function mergeChatMessages(log: ChatLog, incoming: readonly ChatMessage[], arrival: ChatArrival): ChatLog {
  const held = new Set(log.messages.map((message) => message.seq));
  const fresh = incoming.filter((message) => {
    if (held.has(message.seq)) return false;
    held.add(message.seq);
    return true;
  });
  let lastSeq = log.lastSeq;
  if (arrival === 'fetched') lastSeq = Math.max(lastSeq, ...incoming.map((message) => message.seq));
  while (held.has(lastSeq + 1)) lastSeq += 1;
  if (fresh.length === 0 && lastSeq === log.lastSeq) return log;
  const messages = fresh.length === 0 ? log.messages : [...log.messages, ...fresh].sort((a, b) => a.seq - b.seq);
  return { messages, lastSeq };
}

/**
 * Whether the log holds a message beyond a hole. Sequences are gapless per room, so a hole means
 * pushes were lost or overtaken (a Redis hiccup, a dropped event) and a fetch fills it in.
 */
export function hasHole(log: ChatLog): boolean {
  const newest = log.messages[log.messages.length - 1];
  return newest !== undefined && newest.seq > log.lastSeq;
}
