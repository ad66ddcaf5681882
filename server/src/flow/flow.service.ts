import { HttpStatus, Injectable } from '@nestjs/common';
import { FLOW_MESSAGES as M, FLOW_RULES as R, SEND_KEY_MESSAGES, rooms, type FlowPage, type FlowPost, type FlowPostDraft } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../platform/http/app-exception';
import { DomainEvents } from '../platform/events/domain-events';
import { RateLimitService } from '../platform/rate-limit/rate-limit.service';
import { RealtimeService } from '../platform/realtime/realtime.service';
import './flow-events';
import { PollsPort } from './polls';
import { FlowPhotos, type PhotoFile } from './flow-photos';
import { FlowPostViews } from './flow-post-views';
import { FlowRepository, type FlowPostRecord } from './flow.repository';

/**
 * The social flow's posts: members post text with photos, edit and delete their own. Each write
 * checks ownership, commits (with its domain event and photo jobs) and then pushes the change on
 * the `flow` channel; photos are checked whole before anything is stored.
 */
@Injectable()
export class FlowService {
  constructor(
    private readonly flow: FlowRepository,
    private readonly photos: FlowPhotos,
    private readonly views: FlowPostViews,
    private readonly polls: PollsPort,
    private readonly events: DomainEvents,
    private readonly realtime: RealtimeService,
    private readonly dataSource: DataSource,
    private readonly rateLimit: RateLimitService,
  ) {}

  /** A page of the public flow (`mine`: only the viewer's posts), newest first. */
  async page(viewerId: number | null, page: number, mine: boolean): Promise<FlowPage> {
    const { posts, hasMore } = await this.flow.publicPage(page, mine ? viewerId : null);
    return { posts: await this.views.of(posts, viewerId), page, hasMore };
  }

  /** A public post; a group's post is not the flow's to show. */
  async post(viewerId: number | null, id: number): Promise<FlowPost> {
    const post = await this.flow.postById(id);
    if (!post || post.groupId !== null) throw new AppException(HttpStatus.NOT_FOUND, M.postNotFound);
    return this.views.one(post, viewerId);
  }

  /** The viewer's own post, as its edit form shows it; anyone else's is refused. */
  async ownPost(viewerId: number, id: number): Promise<FlowPost> {
    const post = await this.post(viewerId, id);
    if (!post.mine) throw new AppException(HttpStatus.FORBIDDEN, M.editForbidden);
    return post;
  }

  /**
   * A text post with photos, or a poll (made by the polls in the post's transaction), on the
   * public flow. A retry under the send key of a stored post answers that post, storing and
   * pushing nothing again; the same key with another post is refused (409).
   */
  async create(authorId: number, draft: FlowPostDraft, photos: PhotoFile[]): Promise<FlowPost> {
    if (draft.kind === 'poll' && photos.length > 0) throw new AppException(HttpStatus.BAD_REQUEST, M.pollWithPhotos);
    // Before the photos are decoded: that is what a flood would cost.
    await this.rateLimit.enforce('flow-post', R.postRateLimit, String(authorId));
    await this.photos.check(photos);
    const body = draft.kind === 'post' ? draft.text : '';
    const id = await this.dataSource.transaction(async (manager) => {
      const postId = await this.flow.insertPost(manager, { authorId, groupId: null, kind: draft.kind, body, clientKey: draft.clientKey ?? null });
      if (postId === null) return null;
      if (draft.kind === 'poll') await this.polls.createIn(manager, postId, { question: draft.question, answers: draft.answers });
      await this.photos.store(manager, { id: postId, authorId }, photos, 0);
      await this.events.publish(manager, 'flow.posted', { postId, authorId, groupId: null });
      return postId;
    });
    if (id === null) return this.answerRepeat(authorId, draft, body);
    const post = await this.read(id);
    this.realtime.toRoom(rooms.flow, 'flow.postCreated', await this.views.one(post, null));
    return this.views.one(post, authorId);
  }

  private async answerRepeat(authorId: number, draft: FlowPostDraft, body: string): Promise<FlowPost> {
    const stored = await this.flow.postBySendKey(authorId, draft.clientKey!);
    // Deleted since: the key's post is gone, and a retry of it stores nothing.
    if (!stored) throw new AppException(HttpStatus.NOT_FOUND, M.postNotFound);
    if (stored.kind !== draft.kind || stored.body !== body) throw new AppException(HttpStatus.CONFLICT, SEND_KEY_MESSAGES.reused);
    return this.views.one(stored, authorId);
  }

  /** A new text, and photos added, to the author's own post. */
  async edit(viewerId: number, id: number, body: string, photos: PhotoFile[]): Promise<FlowPost> {
    await this.rateLimit.enforce('flow-edit', R.editRateLimit, String(viewerId));
    await this.dataSource.transaction(async (manager) => {
      const post = await this.flow.lockPost(manager, id);
      if (!post || post.groupId !== null) throw new AppException(HttpStatus.NOT_FOUND, M.postNotFound);
      if (post.authorId !== viewerId) throw new AppException(HttpStatus.FORBIDDEN, M.editForbidden);
      if (post.kind !== 'post') throw new AppException(HttpStatus.BAD_REQUEST, M.pollNotEditable);
      await this.photos.check(photos, post.imageCount);
      await this.flow.updateBody(manager, id, body);
      await this.photos.store(manager, { id, authorId: viewerId }, photos, post.nextPosition);
    });
    return this.changed(id, viewerId);
  }

  /** Removes a photo from the author's own post. */
  async deleteImage(viewerId: number, imageId: number): Promise<FlowPost> {
    const postId = await this.dataSource.transaction(async (manager) => {
      const image = await this.flow.lockImage(manager, imageId);
      if (!image || image.groupId !== null) throw new AppException(HttpStatus.NOT_FOUND, M.imageNotFound);
      if (image.authorId !== viewerId) throw new AppException(HttpStatus.FORBIDDEN, M.imageDeleteForbidden);
      await this.flow.deleteImage(manager, image);
      return image.postId;
    });
    return this.changed(postId, viewerId);
  }

  /** Deletes the author's own post with its photos. */
  async delete(viewerId: number, id: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const post = await this.flow.lockPost(manager, id);
      if (!post || post.groupId !== null) throw new AppException(HttpStatus.NOT_FOUND, M.postNotFound);
      if (post.authorId !== viewerId) throw new AppException(HttpStatus.FORBIDDEN, M.deleteForbidden);
      await this.flow.deletePost(manager, id);
    });
    this.realtime.toRoom(rooms.flow, 'flow.postDeleted', { id });
  }

  private async changed(id: number, viewerId: number): Promise<FlowPost> {
    const post = await this.read(id);
    this.realtime.toRoom(rooms.flow, 'flow.postChanged', await this.views.one(post, null));
    return this.views.one(post, viewerId);
  }

  private async read(id: number): Promise<FlowPostRecord> {
    const post = await this.flow.postById(id);
    if (!post) throw new AppException(HttpStatus.NOT_FOUND, M.postNotFound);
    return post;
  }
}
