import { HttpStatus, Injectable } from '@nestjs/common';
import {
  COLLECTIONS_PATH,
  COLLECTION_MESSAGES as M,
  COLLECTION_RULES as R,
  foldForSearch,
  type CollectionCreatedReply,
  type CollectionDeletedReply,
  type CollectionFields,
  type CollectionFollowReply,
  type CollectionList,
  type CollectionListQuery,
  type CollectionReply,
  type CollectionSearchResult,
  type CollectionView,
} from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainEvents } from '../platform/events/domain-events';
import { AppException } from '../platform/http/app-exception';
import { RateLimitService } from '../platform/rate-limit/rate-limit.service';
import './collection-events';
import { CollectionsRepository, type LockedCollection } from './collections.repository';

const notFound = () => new AppException(HttpStatus.NOT_FOUND, M.collectionNotFound);
const titleMissing = () => new AppException(HttpStatus.BAD_REQUEST, M.titleMissing);

/** A change to a collection: its titles, and (from the JSON API's edit) its name and description. */
export type CollectionChange = Pick<CollectionFields, 'titleIds'> & Partial<Pick<CollectionFields, 'name' | 'description'>>;

/** A foreign key refused the follower: the collection was deleted meanwhile. */
function isGoneCollection(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23503' && typeof constraint === 'string' && constraint.startsWith('collection_follower_collection_id');
}

/**
 * Collections: members make them from catalog titles, everyone reads and lists them, members
 * follow them, their owners edit (fields, titles and their order) and delete them. Each write
 * checks the owner first, in the transaction that changes the row it locked.
 */
@Injectable()
export class CollectionsService {
  constructor(
    private readonly collections: CollectionsRepository,
    private readonly events: DomainEvents,
    private readonly rateLimit: RateLimitService,
    private readonly dataSource: DataSource,
  ) {}

  /** A page of collections; with `owner`, that member's (none when there is no such member). */
  async list(query: CollectionListQuery): Promise<CollectionList> {
    const ownerId = query.owner === null ? null : await this.collections.memberIdByUsername(query.owner);
    if (query.owner !== null && ownerId === null) return { collections: [], page: query.page, hasMore: false };
    const { collections, hasMore } = await this.collections.list({ page: query.page, sort: query.sort, ownerId });
    return { collections, page: query.page, hasMore };
  }

  async view(viewerId: number | null, collectionId: number): Promise<CollectionView> {
    const collection = await this.collections.view(collectionId, viewerId);
    if (!collection) throw notFound();
    return collection;
  }

  /** Makes a collection of existing titles, publishing `collection.created` with it; answers it with its link. */
  async create(ownerId: number, fields: CollectionFields): Promise<CollectionCreatedReply> {
    await this.rateLimit.enforce('collection-create', R.createRateLimit, String(ownerId));
    const id = await this.dataSource.transaction(async (manager) => {
      const collectionId = await this.collections.insert(manager, ownerId, fields);
      if (!(await this.collections.putTitles(manager, collectionId, fields.titleIds))) throw titleMissing();
      await this.events.publish(manager, 'collection.created', { collectionId, ownerId });
      return collectionId;
    });
    const collection = await this.view(ownerId, id);
    return { collection, link: collection.link, message: M.created };
  }

  /** The owner's edit: the titles in their new order, and the name and description when given. */
  async update(viewerId: number, collectionId: number, change: CollectionChange): Promise<CollectionReply> {
    await this.rateLimit.enforce('collection-update', R.updateRateLimit, String(viewerId));
    await this.dataSource.transaction(async (manager) => {
      await this.lockAsOwner(manager, viewerId, collectionId);
      if (change.name !== undefined) await this.collections.updateFields(manager, collectionId, { name: change.name, description: change.description ?? '' });
      if (!(await this.collections.putTitles(manager, collectionId, change.titleIds))) throw titleMissing();
    });
    return { collection: await this.view(viewerId, collectionId), message: M.updated };
  }

  /** The owner deletes the collection with its titles and followers; the page goes to the list. */
  async delete(viewerId: number, collectionId: number): Promise<CollectionDeletedReply> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockAsOwner(manager, viewerId, collectionId);
      await this.collections.delete(manager, collectionId);
    });
    return { message: M.deleted, go: COLLECTIONS_PATH };
  }

  /** A member follows someone else's collection; the count changes in the statement that adds them. */
  async follow(viewerId: number, collectionId: number): Promise<CollectionFollowReply> {
    await this.assertFollowable(viewerId, collectionId);
    let count: number | null;
    try {
      count = await this.collections.follow(collectionId, viewerId);
    } catch (error) {
      if (isGoneCollection(error)) throw notFound();
      throw error;
    }
    if (count === null) throw new AppException(HttpStatus.CONFLICT, M.alreadyFollowing);
    return { following: true, followerCount: count, message: M.followed };
  }

  async unfollow(viewerId: number, collectionId: number): Promise<CollectionFollowReply> {
    if ((await this.collections.ownerOf(collectionId)) === null) throw notFound();
    const count = await this.collections.unfollow(collectionId, viewerId);
    if (count === null) throw new AppException(HttpStatus.CONFLICT, M.notFollowing);
    return { following: false, followerCount: count, message: M.unfollowed };
  }

  /** The create modal's catalog search (§5): titles matching the text, closest first. */
  async searchTitles(query: string): Promise<CollectionSearchResult> {
    const folded = foldForSearch(query);
    // Marks stripped by folding can leave fewer letters than the text had.
    if (folded.length < R.searchMinLength) throw new AppException(HttpStatus.BAD_REQUEST, M.queryTooShort);
    return { titles: await this.collections.searchTitles(folded, R.searchLimit) };
  }

  private async assertFollowable(viewerId: number, collectionId: number): Promise<void> {
    const ownerId = await this.collections.ownerOf(collectionId);
    if (ownerId === null) throw notFound();
    if (ownerId === viewerId) throw new AppException(HttpStatus.BAD_REQUEST, M.cannotFollowOwn);
  }

  /** Locks the collection; refuses anyone but its owner (404 when there is none). */
  private async lockAsOwner(manager: EntityManager, viewerId: number, collectionId: number): Promise<LockedCollection> {
    const collection = await this.collections.lock(manager, collectionId);
    if (!collection) throw notFound();
    if (collection.ownerId !== viewerId) throw new AppException(HttpStatus.FORBIDDEN, M.ownerOnly);
    return collection;
  }
}
