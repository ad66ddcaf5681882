import { Injectable } from '@nestjs/common';
import { type StoredBody, weakEtag } from '../response-encoding';

/** An answer made in memory: the JSON body and its ETag, as the route's handler would send them, and its compressed copies once made. */
export interface MemoryAnswer extends StoredBody {
  etag: string;
}

/** `body` (JSON, as the handler's serializer writes it) as an answer, with the ETag the normal path would give it. */
export function memoryAnswer(body: Buffer): MemoryAnswer {
  return { body, etag: weakEtag(body) };
}

/**
 * A public read a feature can answer from what it keeps in memory (search's title index): the
 * answer its route's handler would send, byte for byte, or null to let the request go the full
 * way, where the handler answers it (its errors included) exactly as without this. It must change
 * nothing, and it is given the query as the router parsed it.
 */
export type MemoryRead = (query: Readonly<Record<string, unknown>>) => MemoryAnswer | null;

/**
 * The answers a MemoryRead made last, by key, up to `limit` (the least recently asked go first): a
 * popular query is then sent again with its ETag and compressed copies made once, as the read
 * cache does, without crowding the read cache out with answers most of which are asked once.
 * Valid for as long as what they were made from: keep one per version of it.
 */
export class RecentAnswers {
  private readonly answers = new Map<string, MemoryAnswer>();

  constructor(private readonly limit: number) {}

  /** The answer under `key`, made by `make` unless it is among the recent ones. */
  get(key: string, make: () => MemoryAnswer): MemoryAnswer {
    const found = this.answers.get(key);
    if (found !== undefined) {
      // A Map iterates in insertion order: re-inserted, the answer is the most recently asked.
      this.answers.delete(key);
      this.answers.set(key, found);
      return found;
    }
    const answer = make();
    this.answers.set(key, answer);
    if (this.answers.size > this.limit) this.answers.delete(this.answers.keys().next().value!);
    return answer;
  }
}

/**
 * The public reads answered from a feature's memory at the front (publicReadFront), before the
 * request log, the Nest pipeline and the read cache's store: a read asked with ever new queries
 * (the live search, a different prefix at almost every keystroke) would otherwise pay the whole
 * pipeline for an answer made in microseconds, and crowd the read cache out with answers asked
 * once. Each feature registers its routes from onModuleInit, as the legacy calls do.
 */
@Injectable()
export class MemoryReads {
  private readonly reads = new Map<string, MemoryRead>();

  /** Answers GET and HEAD of `route` (as registered with the router, e.g. `/api/search`) with `read` when it can. */
  register(route: string, read: MemoryRead): void {
    if (this.reads.has(route)) throw new Error(`the memory read of ${route} is registered twice`);
    this.reads.set(route, read);
  }

  /** The read registered for the route a request matched, if any. */
  for(route: string | undefined): MemoryRead | undefined {
    return route === undefined ? undefined : this.reads.get(route);
  }
}
