import { HttpStatus, Injectable } from '@nestjs/common';
import {
  REQUEST_MESSAGES as M,
  REQUEST_RULES as R,
  REQUEST_VOTE_TYPES,
  foldForSearch,
  type ContentRequestCreatedReply,
  type ContentRequestList,
  type ContentRequestView,
  type ContentRequestVoteReply,
  type NewContentRequest,
  type RequestListQuery,
  type RequestSearchResult,
  type RequestVoteType,
  type TitleKind,
} from '@seyirlik/shared-contracts';
import { AppException } from '../platform/http/app-exception';
import { RateLimitService } from '../platform/rate-limit/rate-limit.service';
import { RequestsRepository, type ExistingMatch } from './requests.repository';

/** A new request that names a title the catalog has, or one requested already: the answer carries where it is. */
export class RequestExistsException extends AppException {
  constructor(readonly match: ExistingMatch) {
    super(HttpStatus.CONFLICT, match.exists === 'title' ? M.alreadyInCatalog : M.alreadyRequested);
  }
}

const notFound = () => new AppException(HttpStatus.NOT_FOUND, M.requestNotFound);

/**
 * Content requests: members ask for titles the catalog does not have and vote on the requests.
 * A request is made once per kind and name (or outside id); the catalog import marks it added
 * (RequestFulfilment), and RequestSources tells its requester and upvoters.
 */
@Injectable()
export class RequestsService {
  constructor(
    private readonly requests: RequestsRepository,
    private readonly rateLimit: RateLimitService,
  ) {}

  async list(viewerId: number | null, query: RequestListQuery): Promise<ContentRequestList> {
    const rows = await this.requests.page(viewerId, query, (query.page - 1) * R.pageSize, R.pageSize + 1);
    return { requests: rows.slice(0, R.pageSize), page: query.page, hasMore: rows.length > R.pageSize };
  }

  async view(viewerId: number | null, id: number): Promise<ContentRequestView> {
    const request = await this.requests.view(id, viewerId);
    if (!request) throw notFound();
    return request;
  }

  /** The catalog's titles and the requests matching the text, so nobody requests what exists. */
  async search(viewerId: number | null, q: string, kind: TitleKind | null): Promise<RequestSearchResult> {
    const folded = foldForSearch(q);
    // Marks stripped by folding can leave fewer letters than the text had.
    if (folded.length < R.searchMinLength) throw new AppException(HttpStatus.BAD_REQUEST, M.queryTooShort);
    const [titles, requests] = await Promise.all([this.requests.searchTitles(folded, kind), this.requests.search(viewerId, folded, kind)]);
    return { titles, requests };
  }

  /**
   * Makes the request, unless the catalog has the title or it was requested already: then
   * RequestExistsException says where that is, and nothing is written.
   */
  async create(requesterId: number, request: NewContentRequest): Promise<ContentRequestCreatedReply> {
    if (foldForSearch(request.name).length === 0) throw new AppException(HttpStatus.BAD_REQUEST, M.nameRequired);
    const existing = await this.requests.existing(request);
    if (existing) throw new RequestExistsException(existing);
    await this.rateLimit.enforce('request-create', R.createRateLimit, String(requesterId));
    const id = await this.requests.insert(requesterId, request);
    if (id === null) {
      // Another member's identical request committed first: the insert waited for it, so it is there.
      const winner = await this.requests.existing(request);
      if (!winner) throw new Error('content request conflict without a request to point to');
      throw new RequestExistsException(winner);
    }
    const view = await this.view(requesterId, id);
    return { request: view, link: view.link, message: M.created };
  }

  /** The member's vote (1 up, 2 down), changeable; voting the same again changes nothing. Only open requests take votes. */
  async vote(userId: number, requestId: number, type: RequestVoteType): Promise<ContentRequestVoteReply> {
    await this.rateLimit.enforce('request-vote', R.voteRateLimit, String(userId));
    const outcome = await this.requests.vote(requestId, userId, type);
    if (outcome === 'not-found') throw notFound();
    if (outcome === 'closed') throw new AppException(HttpStatus.CONFLICT, M.voteClosed);
    return { request: await this.view(userId, requestId), message: type === REQUEST_VOTE_TYPES.up ? M.upvoted : M.downvoted };
  }
}
