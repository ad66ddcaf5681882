import { Injectable } from '@nestjs/common';
import {
  COLLECTION_RULES as R,
  collectionPath,
  type CollectionCard,
  type CollectionFields,
  type CollectionSort,
  type CollectionTitle,
  type CollectionView,
} from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { memberCardColumns, toMemberCard, type MemberCardRow } from '../accounts';
import { posterUrl, titleCardColumns, toTitleCard, type TitleCardSource } from '../catalog';
import { escapeLike } from '../platform/database/sql';

interface CardRow extends MemberCardRow {
  collection_id: number;
  name: string;
  description: string;
  follower_count: number;
  item_count: number;
  /** The first titles, as much of a title card as a poster needs. */
  posters: Array<Pick<TitleCardSource, 'slug' | 'posterUrl'>>;
  created_at: Date;
  updated_at: Date;
}

type TitleRow = TitleCardSource & { id: number };

/** A collection's card, its owner's card beside it, and its first posters in order (FROM collection c JOIN app_user u). */
const CARD_COLUMNS = `
  c.id AS collection_id, c.name, c.description, c.follower_count, c.created_at, c.updated_at, ${memberCardColumns('u')},
         (SELECT count(*) FROM collection_item i WHERE i.collection_id = c.id)::int AS item_count,
         (SELECT coalesce(json_agg(json_build_object('slug', p.slug, 'posterUrl', p.poster_url) ORDER BY p.position), '[]')
            FROM (SELECT t.slug, t.poster_url, i.position FROM collection_item i JOIN title t ON t.id = i.title_id
                   WHERE i.collection_id = c.id ORDER BY i.position LIMIT ${R.cardPosters}) p) AS posters`;

const ORDER: Record<CollectionSort, string> = {
  newest: 'c.id DESC',
  popular: 'c.follower_count DESC, c.id DESC',
};

function toCard(row: CardRow): CollectionCard {
  const owner: MemberCardRow = { id: row.id, username: row.username, profile_name: row.profile_name, avatar_id: row.avatar_id };
  return {
    id: row.collection_id,
    link: collectionPath(row.collection_id),
    name: row.name,
    description: row.description,
    owner: toMemberCard(owner),
    itemCount: row.item_count,
    followerCount: row.follower_count,
    posters: row.posters.map(posterUrl),
    createdAt: row.created_at.toISOString(),
  };
}

const toTitle = (row: TitleRow): CollectionTitle => ({ id: row.id, ...toTitleCard(row) });

/** A collection locked for a change, with whom it belongs to. */
export interface LockedCollection {
  id: number;
  ownerId: number;
}

/**
 * The collections' SQL: collections, their ordered titles and their followers. A statement whose
 * answer is read ends in a SELECT (TypeORM answers a top-level UPDATE or DELETE as `[rows, count]`).
 */
@Injectable()
export class CollectionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of collections in the given order; with `ownerId`, only that member's. */
  async list(options: { page: number; sort: CollectionSort; ownerId: number | null }): Promise<{ collections: CollectionCard[]; hasMore: boolean }> {
    const size = R.pageSize;
    const rows = (await this.dataSource.query(
      `SELECT ${CARD_COLUMNS} FROM collection c JOIN app_user u ON u.id = c.owner_id
        WHERE ($1::int IS NULL OR c.owner_id = $1)
        ORDER BY ${ORDER[options.sort]}
        LIMIT $2 OFFSET $3`,
      [options.ownerId, size + 1, (options.page - 1) * size],
    )) as CardRow[];
    return { collections: rows.slice(0, size).map(toCard), hasMore: rows.length > size };
  }

  /** The collection with its titles in order, as the viewer sees it; null when there is none. */
  async view(collectionId: number, viewerId: number | null): Promise<CollectionView | null> {
    const rows = (await this.dataSource.query(
      `SELECT ${CARD_COLUMNS}, c.owner_id,
              EXISTS (SELECT 1 FROM collection_follower f WHERE f.collection_id = c.id AND f.user_id = $2) AS following
         FROM collection c JOIN app_user u ON u.id = c.owner_id
        WHERE c.id = $1`,
      [collectionId, viewerId],
    )) as Array<CardRow & { following: boolean; owner_id: number }>;
    const row = rows[0];
    if (!row) return null;
    const items = (await this.dataSource.query(
      `SELECT t.id, ${titleCardColumns('t')} FROM collection_item i JOIN title t ON t.id = i.title_id WHERE i.collection_id = $1 ORDER BY i.position`,
      [collectionId],
    )) as TitleRow[];
    return {
      ...toCard(row),
      items: items.map(toTitle),
      updatedAt: row.updated_at.toISOString(),
      mine: viewerId !== null && row.owner_id === viewerId,
      following: row.following,
    };
  }

  /** The member's id by username (as typed, case aside); null when there is none. */
  async memberIdByUsername(username: string): Promise<number | null> {
    const rows = (await this.dataSource.query('SELECT id FROM app_user WHERE lower(username) = lower($1)', [username])) as Array<{ id: number }>;
    return rows[0]?.id ?? null;
  }

  /** Stores a collection (its titles apart, see putTitles); answers its id. */
  async insert(manager: EntityManager, ownerId: number, fields: Pick<CollectionFields, 'name' | 'description'>): Promise<number> {
    const rows = (await manager.query('INSERT INTO collection (owner_id, name, description) VALUES ($1, $2, $3) RETURNING id', [
      ownerId,
      fields.name,
      fields.description,
    ])) as Array<{ id: number }>;
    return rows[0]!.id;
  }

  /**
   * Makes `titleIds` the collection's titles in that order; answers false (having stored only
   * those that exist: the caller rolls back) when one of them is not in the catalog.
   */
  async putTitles(manager: EntityManager, collectionId: number, titleIds: readonly number[]): Promise<boolean> {
    await manager.query('DELETE FROM collection_item WHERE collection_id = $1', [collectionId]);
    await manager.query('UPDATE collection SET updated_at = now() WHERE id = $1', [collectionId]);
    const rows = (await manager.query(
      `WITH stored AS (
         INSERT INTO collection_item (collection_id, position, title_id)
         SELECT $1, listed.position, t.id
           FROM unnest($2::int[]) WITH ORDINALITY AS listed (title_id, position) JOIN title t ON t.id = listed.title_id
         RETURNING 1
       )
       SELECT count(*)::int AS stored FROM stored`,
      [collectionId, titleIds],
    )) as Array<{ stored: number }>;
    return rows[0]!.stored === titleIds.length;
  }

  /** The name and description; the caller puts the titles (which marks the change's time). */
  async updateFields(manager: EntityManager, collectionId: number, fields: Pick<CollectionFields, 'name' | 'description'>): Promise<void> {
    await manager.query('UPDATE collection SET name = $2, description = $3 WHERE id = $1', [collectionId, fields.name, fields.description]);
  }

  /** Locks the collection for a change (null: no such collection). */
  async lock(manager: EntityManager, collectionId: number): Promise<LockedCollection | null> {
    const rows = (await manager.query('SELECT id, owner_id FROM collection WHERE id = $1 FOR UPDATE', [collectionId])) as Array<{ id: number; owner_id: number }>;
    return rows[0] ? { id: rows[0].id, ownerId: rows[0].owner_id } : null;
  }

  /** The collection's owner (null: no such collection). */
  async ownerOf(collectionId: number): Promise<number | null> {
    const rows = (await this.dataSource.query('SELECT owner_id FROM collection WHERE id = $1', [collectionId])) as Array<{ owner_id: number }>;
    return rows[0]?.owner_id ?? null;
  }

  async delete(manager: EntityManager, collectionId: number): Promise<void> {
    await manager.query('DELETE FROM collection WHERE id = $1', [collectionId]);
  }

  /** Adds the follower with the count in the same statement; answers the new count, or null when they followed it already. */
  async follow(collectionId: number, userId: number): Promise<number | null> {
    const rows = (await this.dataSource.query(
      `WITH added AS (
         INSERT INTO collection_follower (collection_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING collection_id
       ), counted AS (
         UPDATE collection SET follower_count = follower_count + 1 WHERE id IN (SELECT collection_id FROM added) RETURNING follower_count
       )
       SELECT follower_count FROM counted`,
      [collectionId, userId],
    )) as Array<{ follower_count: number }>;
    return rows[0]?.follower_count ?? null;
  }

  /** Removes the follower with the count in the same statement; answers the new count, or null when they did not follow it. */
  async unfollow(collectionId: number, userId: number): Promise<number | null> {
    const rows = (await this.dataSource.query(
      `WITH removed AS (
         DELETE FROM collection_follower WHERE collection_id = $1 AND user_id = $2 RETURNING collection_id
       ), counted AS (
         UPDATE collection SET follower_count = follower_count - 1 WHERE id IN (SELECT collection_id FROM removed) RETURNING follower_count
       )
       SELECT follower_count FROM counted`,
      [collectionId, userId],
    )) as Array<{ follower_count: number }>;
    return rows[0]?.follower_count ?? null;
  }

  /**
   * Catalog titles whose folded name (`folded`: the text through foldForSearch) (or original name) holds the folded text, ranked as the
   * catalog's own search ranks them (whole name starting with it, then a word, then inside a word;
   * shorter names first), through the same trigram index on `search_text`.
   */
  async searchTitles(folded: string, limit: number): Promise<CollectionTitle[]> {
    const escaped = escapeLike(folded);
    const rows = (await this.dataSource.query(
      `SELECT t.id, ${titleCardColumns('t')}
         FROM title t
        WHERE t.search_text LIKE $1 ESCAPE '\\'
        ORDER BY CASE WHEN t.search_text LIKE $2 ESCAPE '\\' THEN 0 WHEN t.search_text LIKE $3 ESCAPE '\\' THEN 1 ELSE 2 END,
                 length(t.search_text), t.name, t.id
        LIMIT $4`,
      [`%${escaped}%`, `${escaped}%`, `% ${escaped}%`, limit],
    )) as TitleRow[];
    return rows.map(toTitle);
  }
}
