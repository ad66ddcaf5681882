import { HttpStatus, Injectable } from '@nestjs/common';
import {
  FLOW_MESSAGES as M,
  FLOW_RULES as R,
  GROUP_MESSAGES,
  SEND_KEY_MESSAGES,
  rooms,
  type FlowPage,
  type FlowPost,
  type FlowPostDraft,
} from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppException } from '../platform/http/app-exception';
import { DomainEvents } from '../platform/events/domain-events';
import { RateLimitService } from '../platform/rate-limit/rate-limit.service';
import { RealtimeService } from '../platform/realtime/realtime.service';
import './flow-events';
import { GroupAccess, postsIn, readRefusal, readsPosts } from './groups';
import { PollsPort } from './polls';
import { FlowPhotos, type PhotoFile } from './flow-photos';
import { FlowPostViews } from './flow-post-views';
import { FlowRepository, type FlowPostRecord } from './flow.repository';

/** The channel a post's changes go out on: its group's, or the public flow's. */
export const postChannel = (groupId: number | null) => (groupId === null ? rooms.flow : rooms.group(groupId));

/**
 * The posts of the social flow and of groups: members post text with photos or a poll, edit and
 * delete their own (a group's owner deletes any post in it). Each write checks the author and, in
 * a group, the member's place in it (GroupAccess), commits (with its domain event and photo jobs)
 * and then pushes the change on the post's channel (`flow` or `group:{id}`); photos are checked
 * whole before anything is stored.
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
    private readonly groups: GroupAccess,
  ) {}

  /** A page of the public flow (`mine`: only the viewer's posts), newest first. */
  async page(viewerId: number | null, page: number, mine: boolean): Promise<FlowPage> {
    const { posts, hasMore } = await this.flow.publicPage(page, mine ? viewerId : null);
    return { posts: await this.views.of(posts, viewerId), page, hasMore };
  }

  /** A page of a group's posts, for those who may read them. */
  async groupPage(viewerId: number | null, groupId: number, page: number): Promise<FlowPage> {
    await this.groups.assertReadsGroup(viewerId, groupId);
    const { posts, hasMore } = await this.flow.groupPage(groupId, page);
    return { posts: await this.views.of(posts, viewerId), page, hasMore };
  }

  /** A post of the flow, or of a group the viewer may read (404 for a hidden group's, 403 for a closed one's). */
  async post(viewerId: number | null, id: number): Promise<FlowPost> {
    const post = await this.flow.postById(id);
    if (!post) throw new AppException(HttpStatus.NOT_FOUND, M.postNotFound);
    if (post.groupId !== null) {
      const role = await this.groups.role(viewerId, post.groupId);
      if (!readsPosts(role)) throw readRefusal(role, M.postNotFound);
    }
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
   * public flow or (`groupId`) in a group the author is a member of. A retry under the send key of
   * a stored post answers that post, storing and pushing nothing again; the same key with another
   * post is refused (409).
   */
  async create(authorId: number, draft: FlowPostDraft, photos: PhotoFile[], groupId: number | null = null): Promise<FlowPost> {
    if (groupId !== null) await this.groups.assertPostsIn(authorId, groupId);
    if (draft.kind === 'poll' && photos.length > 0) throw new AppException(HttpStatus.BAD_REQUEST, M.pollWithPhotos);
    // Before the photos are decoded: that is what a flood would cost.
    await this.rateLimit.enforce('flow-post', R.postRateLimit, String(authorId));
    await this.photos.check(photos);
    const body = draft.kind === 'post' ? draft.text : '';
    const id = await this.dataSource.transaction(async (manager) => {
      const postId = await this.flow.insertPost(manager, { authorId, groupId, kind: draft.kind, body, clientKey: draft.clientKey ?? null });
      if (postId === null) return null;
      if (draft.kind === 'poll') await this.polls.createIn(manager, postId, { question: draft.question, answers: draft.answers });
      await this.photos.store(manager, { id: postId, authorId }, photos, 0);
      await this.events.publish(manager, 'flow.posted', { postId, authorId, groupId });
      return postId;
    });
    if (id === null) return this.answerRepeat(authorId, draft, body, groupId);
    const post = await this.read(id);
    this.realtime.toRoom(postChannel(groupId), 'flow.postCreated', await this.views.one(post, null));
    return this.views.one(post, authorId);
  }

  private async answerRepeat(authorId: number, draft: FlowPostDraft, body: string, groupId: number | null): Promise<FlowPost> {
    const stored = await this.flow.postBySendKey(authorId, draft.clientKey!);
    // Deleted since: the key's post is gone, and a retry of it stores nothing.
    if (!stored) throw new AppException(HttpStatus.NOT_FOUND, M.postNotFound);
    if (stored.kind !== draft.kind || stored.body !== body || stored.groupId !== groupId) throw new AppException(HttpStatus.CONFLICT, SEND_KEY_MESSAGES.reused);
    return this.views.one(stored, authorId);
  }

  /** A new text, and photos added, to the author's own post. */
  async edit(viewerId: number, id: number, body: string, photos: PhotoFile[]): Promise<FlowPost> {
    await this.rateLimit.enforce('flow-edit', R.editRateLimit, String(viewerId));
    await this.dataSource.transaction(async (manager) => {
      const post = await this.flow.lockPost(manager, id);
      if (!post) throw new AppException(HttpStatus.NOT_FOUND, M.postNotFound);
      await this.assertWritesIn(viewerId, post.groupId, manager);
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
      if (!image) throw new AppException(HttpStatus.NOT_FOUND, M.imageNotFound);
      await this.assertWritesIn(viewerId, image.groupId, manager, M.imageNotFound);
      if (image.authorId !== viewerId) throw new AppException(HttpStatus.FORBIDDEN, M.imageDeleteForbidden);
      await this.flow.deleteImage(manager, image);
      return image.postId;
    });
    return this.changed(postId, viewerId);
  }

  /** Deletes the author's own post with its photos; a group's owner deletes any post in the group. */
  async delete(viewerId: number, id: number): Promise<void> {
    const groupId = await this.dataSource.transaction(async (manager) => {
      const post = await this.flow.lockPost(manager, id);
      if (!post) throw new AppException(HttpStatus.NOT_FOUND, M.postNotFound);
      if (post.authorId !== viewerId) {
        if (post.groupId === null) throw new AppException(HttpStatus.FORBIDDEN, M.deleteForbidden);
        const role = await this.groups.role(viewerId, post.groupId, manager);
        if (!readsPosts(role)) throw readRefusal(role, M.postNotFound);
        if (role !== 'owner') throw new AppException(HttpStatus.FORBIDDEN, GROUP_MESSAGES.postDeleteForbidden);
      }
      await this.flow.deletePost(manager, id);
      return post.groupId;
    });
    this.realtime.toRoom(postChannel(groupId), 'flow.postDeleted', { id });
  }

  /** In a group, only its members change their posts: one who left (or was removed) no longer does. */
  private async assertWritesIn(viewerId: number, groupId: number | null, manager: EntityManager, notFound: string = M.postNotFound): Promise<void> {
    if (groupId === null) return;
    const role = await this.groups.role(viewerId, groupId, manager);
    if (!readsPosts(role)) throw readRefusal(role, notFound);
    if (!postsIn(role)) throw new AppException(HttpStatus.FORBIDDEN, GROUP_MESSAGES.membersOnlyPost);
  }

  private async changed(id: number, viewerId: number): Promise<FlowPost> {
    const post = await this.read(id);
    this.realtime.toRoom(postChannel(post.groupId), 'flow.postChanged', await this.views.one(post, null));
    return this.views.one(post, viewerId);
  }

  private async read(id: number): Promise<FlowPostRecord> {
    const post = await this.flow.postById(id);
    if (!post) throw new AppException(HttpStatus.NOT_FOUND, M.postNotFound);
    return post;
  }
}
