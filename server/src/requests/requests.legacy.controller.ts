import { Controller, type OnModuleInit } from '@nestjs/common';
import { REQUEST_MESSAGES as M, legacyRequestLoadSchema, legacyRequestSearchSchema, legacyRequestVoteSchema, legacySetRequestSchema } from '@seyirlik/shared-contracts';
import { LegacyCallRegistry } from '../platform/http/legacy-call.registry';
import { RequestExistsException, RequestsService } from './requests.service';

/**
 * The seed's content request calls (§7). `type` is the title's kind (dizi, anime, film), but in
 * the vote, where it is 1 (up) or 2 (down).
 * `/get/search` (content, type; open to visitors) → `titles` (catalog titles: name, originalName,
 * kind, year, link, posterUrl) and `requests` (the existing ones, as the list's rows).
 * `/set/request` (image, name, id, type) → `link` (the request's page), `id`, `message`; a title
 * the catalog has or one requested already answers `success` false, `error`, `message`, `exists`
 * ('title' or 'request') and `link` (where it is), and writes nothing.
 * `/set/request/vote` (id, type) → `status` ('upvoted' or 'downvoted'), `score`, `up`, `down`, `message`.
 * `/request/load` (page, type; open to visitors) → `requests`, `count`; past the end `success`
 * false, `count` 0 and 'Gösterilecek içerik kalmadı.'.
 */
@Controller()
export class RequestsLegacyController implements OnModuleInit {
  constructor(
    private readonly requests: RequestsService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      path: '/get/search',
      login: false,
      schema: legacyRequestSearchSchema,
      handle: async ({ q, kind }, { viewer }) => ({ ...(await this.requests.search(viewer?.user.id ?? null, q, kind)) }),
    });

    this.legacy.register({
      path: '/set/request',
      login: true,
      schema: legacySetRequestSchema,
      handle: async (request, { viewer }) => {
        try {
          const { request: created, link, message } = await this.requests.create(viewer.user.id, request);
          return { link, id: created.id, message };
        } catch (error) {
          if (!(error instanceof RequestExistsException)) throw error;
          return { success: false, error: true, message: (error.getResponse() as { message: string }).message, ...error.match };
        }
      },
    });

    this.legacy.register({
      path: '/set/request/vote',
      login: true,
      schema: legacyRequestVoteSchema,
      handle: async ({ id, type }, { viewer }) => {
        const { request, message } = await this.requests.vote(viewer.user.id, id, type);
        return { status: request.myVote, score: request.score, up: request.upCount, down: request.downCount, message };
      },
    });

    this.legacy.register({
      path: '/request/load',
      login: false,
      schema: legacyRequestLoadSchema,
      handle: async (query, { viewer }) => {
        const { requests } = await this.requests.list(viewer?.user.id ?? null, query);
        return requests.length === 0 ? { success: false, count: 0, requests: [], message: M.noMore } : { count: requests.length, requests };
      },
    });
  }
}
