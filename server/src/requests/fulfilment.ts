import { foldForSearch, titlePath, type TitleKind } from '@seyirlik/shared-contracts';
import type { EntityManager } from 'typeorm';
import { DomainEvents } from '../platform/events/domain-events';
import { OutboxRepository } from '../platform/outbox/outbox.repository';
import type { RequestAddedEvent } from './request-events';

/** A title as the catalog import wrote it. */
export interface ImportedTitle {
  id: number;
  slug: string;
  kind: TitleKind;
  name: string;
  originalName: string;
}

/**
 * What the catalog import asks of content requests: in the import's transaction, every open
 * request for a title it wrote becomes `added`, linked to the title, and `request.added` is
 * published in that transaction (the requester and the upvoters are told by its consumer). The
 * catalog carries no outside id, so a request matches a title of its kind whose folded name or
 * folded original name is the request's folded name. A plain class, as the import CLI runs
 * without the application around it.
 */
export class RequestFulfilment {
  constructor(private readonly events: DomainEvents = new DomainEvents(new OutboxRepository())) {}

  /** Answers how many requests became added. Safe to repeat: only open requests change. */
  async fulfil(manager: EntityManager, titles: readonly ImportedTitle[]): Promise<number> {
    if (titles.length === 0) return 0;
    const rows = titles.map((title) => ({
      title_id: title.id,
      kind: title.kind,
      keys: [...new Set([foldForSearch(title.name), foldForSearch(title.originalName)])],
      link: titlePath(title),
    }));
    const added = (await manager.query(
      `UPDATE content_request r SET status = 'added', title_id = t.title_id, added_at = now()
         FROM jsonb_to_recordset($1::jsonb) AS t (title_id integer, kind text, keys text[], link text)
        WHERE r.status = 'open' AND r.kind = t.kind AND r.search_key = ANY (t.keys)
       RETURNING r.id, r.name, t.title_id, t.link`,
      [JSON.stringify(rows)],
    )) as [Array<{ id: number; name: string; title_id: number; link: string }>, number];
    for (const row of added[0]) {
      const event: RequestAddedEvent = { requestId: row.id, name: row.name, titleId: row.title_id, titleLink: row.link };
      await this.events.publish(manager, 'request.added', event);
    }
    return added[0].length;
  }
}
