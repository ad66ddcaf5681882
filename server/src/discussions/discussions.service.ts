import { HttpStatus, Injectable } from '@nestjs/common';
import {
  DISCUSSION_CATEGORY_OF_KIND,
  DISCUSSION_MESSAGES as M,
  DISCUSSION_RULES as R,
  DISCUSSIONS_PATH,
  type DiscussionCreatedReply,
  type DiscussionDeletedReply,
  type DiscussionDraft,
  type DiscussionList,
  type DiscussionListQuery,
  type DiscussionReply,
  type DiscussionSeries,
  type DiscussionView,
} from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { titleReferenceAt } from '../catalog';
import { AppException } from '../platform/http/app-exception';
import { RateLimitService } from '../platform/rate-limit/rate-limit.service';
import { DiscussionsRepository, toSeries, type DiscussionFields } from './discussions.repository';

const notFound = () => new AppException(HttpStatus.NOT_FOUND, M.notFound);

/**
 * Forum topics: members open them in a category or about a catalog title, and edit and delete
 * their own. Replies are comments on the topic (the comments feature, `content:discussion-{id}`).
 */
@Injectable()
export class DiscussionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly discussions: DiscussionsRepository,
    private readonly rateLimit: RateLimitService,
  ) {}

  async list(query: DiscussionListQuery): Promise<DiscussionList> {
    return { ...(await this.discussions.list(query)), page: query.page };
  }

  async view(viewerId: number | null, id: number): Promise<DiscussionView> {
    const discussion = await this.discussions.view(id, viewerId);
    if (!discussion) throw notFound();
    return discussion;
  }

  /** The title at a page's address, as a topic bound to it shows it (the form opened from a title's page). */
  async seriesAt(kind: string, slug: string): Promise<DiscussionSeries> {
    const { id } = await titleReferenceAt(this.dataSource, kind, slug);
    return toSeries((await this.discussions.series(id))!);
  }

  /** Opens a topic; without a category it goes to its title's kind's (`newTopic2`). */
  async create(userId: number, draft: DiscussionDraft): Promise<DiscussionCreatedReply> {
    await this.rateLimit.enforce('discussion-create', R.createRateLimit, String(userId));
    const discussion = await this.dataSource.transaction(async (manager) => {
      const id = await this.discussions.insert(manager, userId, await this.fieldsOf(manager, draft, null));
      return (await this.discussions.view(id, userId, manager))!;
    });
    return { discussion, link: discussion.link, message: M.created };
  }

  /** Edits the member's own topic; a draft without a category keeps the topic's. */
  async update(userId: number, id: number, draft: DiscussionDraft): Promise<DiscussionReply> {
    const discussion = await this.dataSource.transaction(async (manager) => {
      const locked = await this.discussions.lock(manager, id);
      if (!locked) throw notFound();
      if (locked.user_id !== userId) throw new AppException(HttpStatus.FORBIDDEN, M.editForbidden);
      await this.rateLimit.enforce('discussion-update', R.updateRateLimit, String(userId));
      await this.discussions.update(manager, id, await this.fieldsOf(manager, draft, locked.category));
      return (await this.discussions.view(id, userId, manager))!;
    });
    return { discussion, message: M.updated };
  }

  /** Deletes the member's own topic with its replies; anyone else's is refused and stays. */
  async remove(userId: number, id: number): Promise<DiscussionDeletedReply> {
    await this.dataSource.transaction(async (manager) => {
      const locked = await this.discussions.lock(manager, id);
      if (!locked) throw notFound();
      if (locked.user_id !== userId) throw new AppException(HttpStatus.FORBIDDEN, M.deleteForbidden);
      await this.discussions.delete(manager, id);
    });
    return { message: M.deleted, go: DISCUSSIONS_PATH };
  }

  private async fieldsOf(manager: EntityManager, draft: DiscussionDraft, currentCategory: DiscussionFields['category'] | null): Promise<DiscussionFields> {
    const series = draft.seriesId === null ? null : await this.discussions.series(draft.seriesId, manager);
    if (draft.seriesId !== null && !series) throw new AppException(HttpStatus.NOT_FOUND, M.seriesNotFound);
    const category = draft.category ?? currentCategory ?? (series ? DISCUSSION_CATEGORY_OF_KIND[series.kind] : null);
    if (category === null) throw new AppException(HttpStatus.BAD_REQUEST, M.required);
    return { title: draft.title, text: draft.text, category, seriesId: series?.id ?? null };
  }
}
