import { Injectable } from '@nestjs/common';
import {
  REQUEST_RULES as R,
  foldForSearch,
  requestPath,
  titlePath,
  type ContentRequestView,
  type NewContentRequest,
  type RequestListQuery,
  type RequestSearchTitle,
  type RequestStatus,
  type RequestVoteType,
  type TitleKind,
} from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { memberCardColumns, toMemberCard, type MemberCardRow } from '../accounts';
import { posterUrl } from '../catalog';
import { escapeLike } from '../platform/database/sql';

type RequestRow = Partial<MemberCardRow> & {
  request_id: number;
  name: string;
  kind: TitleKind;
  external_id: number | null;
  image_url: string | null;
  status: RequestStatus;
  up_count: number;
  down_count: number;
  my_vote: RequestVoteType | null;
  title_kind: TitleKind | null;
  title_slug: string | null;
  created_at: Date;
};

interface TitleRow {
  id: number;
  slug: string;
  kind: TitleKind;
  name: string;
  original_name: string;
  year: number;
  poster_url: string | null;
}

/** The columns of a request as RequestRow names them; `$1` is the viewer (null for a visitor). */
const REQUEST_COLUMNS = `r.id AS request_id, r.name, r.kind, r.external_id, r.image_url, r.status, r.up_count, r.down_count, r.created_at,
  (SELECT v.value FROM content_request_vote v WHERE v.request_id = r.id AND v.user_id = $1) AS my_vote,
  t.kind AS title_kind, t.slug AS title_slug, ${memberCardColumns('u')}`;
const REQUEST_FROM = `content_request r LEFT JOIN title t ON t.id = r.title_id LEFT JOIN app_user u ON u.id = r.requester_id`;
/** The list's order: the highest score first, then the newest (content_request_score_idx). */
const BY_SCORE = '(r.up_count - r.down_count) DESC, r.id DESC';

function toView(row: RequestRow): ContentRequestView {
  return {
    id: row.request_id,
    link: requestPath(row.request_id),
    name: row.name,
    kind: row.kind,
    externalId: row.external_id,
    image: row.image_url,
    status: row.status,
    upCount: row.up_count,
    downCount: row.down_count,
    score: row.up_count - row.down_count,
    myVote: row.my_vote === 1 ? 'upvoted' : row.my_vote === 2 ? 'downvoted' : null,
    requester: row.id != null ? toMemberCard(row as MemberCardRow) : null,
    titleLink: row.status === 'added' && row.title_kind && row.title_slug ? titlePath({ kind: row.title_kind, slug: row.title_slug }) : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** What a new request collides with: a title of the catalog, or an earlier request. */
export type ExistingMatch = { exists: 'title'; link: string } | { exists: 'request'; link: string };

/** What a vote did (see the content_request_vote function). */
export type VoteOutcome = 'done' | 'not-found' | 'closed';

/** The SQL of content requests and their votes. */
@Injectable()
export class RequestsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async view(id: number, viewerId: number | null): Promise<ContentRequestView | null> {
    const [row] = (await this.dataSource.query(`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.id = $2`, [viewerId, id])) as RequestRow[];
    return row ? toView(row) : null;
  }

  /** `limit` requests from `offset`, by score, of the kind and status asked for (null: any). */
  async page(viewerId: number | null, query: Omit<RequestListQuery, 'page'>, offset: number, limit: number): Promise<ContentRequestView[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM}
        WHERE ($2::text IS NULL OR r.kind = $2) AND ($3::text IS NULL OR r.status = $3)
        ORDER BY ${BY_SCORE} LIMIT $4 OFFSET $5`,
      [viewerId, query.kind, query.status, limit, offset],
    )) as RequestRow[];
    return rows.map(toView);
  }

  /** Requests whose folded name contains the folded text (trigram index), by score. */
  async search(viewerId: number | null, folded: string, kind: TitleKind | null): Promise<ContentRequestView[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM}
        WHERE r.search_key LIKE $2 ESCAPE '\\' AND ($3::text IS NULL OR r.kind = $3)
        ORDER BY ${BY_SCORE} LIMIT $4`,
      [viewerId, `%${escapeLike(folded)}%`, kind, R.searchLimit],
    )) as RequestRow[];
    return rows.map(toView);
  }

  /** Catalog titles whose folded name or original name contains the folded text, names starting with it first. */
  async searchTitles(folded: string, kind: TitleKind | null): Promise<RequestSearchTitle[]> {
    const escaped = escapeLike(folded);
    const rows = (await this.dataSource.query(
      `SELECT t.id, t.slug, t.kind, t.name, t.original_name, t.year, t.poster_url FROM title t
        WHERE t.search_text LIKE $1 ESCAPE '\\' AND ($3::text IS NULL OR t.kind = $3)
        ORDER BY (t.search_text LIKE $2 ESCAPE '\\') DESC, length(t.search_text), t.name, t.id LIMIT $4`,
      [`%${escaped}%`, `${escaped}%`, kind, R.searchLimit],
    )) as TitleRow[];
    return rows.map((row) => ({
      name: row.name,
      originalName: row.original_name,
      kind: row.kind,
      year: row.year,
      link: titlePath(row),
      posterUrl: posterUrl({ slug: row.slug, posterUrl: row.poster_url }),
    }));
  }

  /** The catalog's title of this kind named exactly so (folded), or the request with this name or outside id. */
  async existing(request: NewContentRequest): Promise<ExistingMatch | null> {
    const key = foldForSearch(request.name);
    const titles = (await this.dataSource.query(
      `SELECT t.slug, t.kind, t.name, t.original_name FROM title t
        WHERE t.kind = $1 AND t.search_text LIKE $2 ESCAPE '\\' ORDER BY t.id LIMIT 50`,
      [request.kind, `%${escapeLike(key)}%`],
    )) as Array<Pick<TitleRow, 'slug' | 'kind' | 'name' | 'original_name'>>;
    const title = titles.find((row) => foldForSearch(row.name) === key || foldForSearch(row.original_name) === key);
    if (title) return { exists: 'title', link: titlePath(title) };
    const [row] = (await this.dataSource.query(
      `SELECT r.id FROM content_request r
        WHERE r.kind = $1 AND (r.search_key = $2 OR r.external_id = $3) ORDER BY r.id LIMIT 1`,
      [request.kind, key, request.externalId],
    )) as Array<{ id: number }>;
    return row ? { exists: 'request', link: requestPath(row.id) } : null;
  }

  /** Inserts the request; null when one with the same name or outside id (of the kind) got there first. */
  async insert(requesterId: number, request: NewContentRequest): Promise<number | null> {
    const [row] = (await this.dataSource.query(
      `INSERT INTO content_request (requester_id, name, search_key, kind, external_id, image_url)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
      [requesterId, request.name, foldForSearch(request.name), request.kind, request.externalId, request.image],
    )) as Array<{ id: number }>;
    return row?.id ?? null;
  }

  /** The member's vote, with the counts, in one call (the content_request_vote function). */
  async vote(requestId: number, userId: number, type: RequestVoteType): Promise<VoteOutcome> {
    const [row] = (await this.dataSource.query('SELECT outcome FROM content_request_vote($1, $2, $3::smallint)', [requestId, userId, type])) as Array<{
      outcome: VoteOutcome;
    }>;
    return row!.outcome;
  }

  /** Who hears of an added request: its requester and its upvoters. */
  async audience(requestId: number): Promise<number[]> {
    const rows = (await this.dataSource.query(
      `SELECT requester_id AS user_id FROM content_request WHERE id = $1 AND requester_id IS NOT NULL
       UNION SELECT user_id FROM content_request_vote WHERE request_id = $1 AND value = 1`,
      [requestId],
    )) as Array<{ user_id: number }>;
    return rows.map((row) => row.user_id);
  }
}
