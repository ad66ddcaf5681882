import { HttpStatus, Injectable } from '@nestjs/common';
import {
  ENGAGEMENT_MESSAGES as M,
  ENGAGEMENT_RULES,
  WATCH_MESSAGES,
  type MemberList,
  type MemberListFilter,
  type SourceIssue,
  type SourceIssueStatus,
} from '@seyirlik/shared-contracts';
import { toTitleCard } from '../catalog';
import { AppException } from '../platform/http/app-exception';
import { RateLimitService } from '../platform/rate-limit/rate-limit.service';
import { EngagementRepository } from './engagement.repository';
import type { MemberListItem } from './theme/render-member-list';

/** A member's lists (`getList`), claps for episodes (`addClap`) and reports on video sources (`actionData`). */
@Injectable()
export class EngagementService {
  constructor(
    private readonly repository: EngagementRepository,
    private readonly rateLimits: RateLimitService,
  ) {}

  /** The member's own list: only the member reads it. */
  async memberList(userId: number, list: MemberList, filter: MemberListFilter): Promise<MemberListItem[]> {
    const rows = await this.repository.memberList(userId, list, filter);
    return rows.map((row) => ({
      title: toTitleCard(row),
      resume: row.season !== null && row.episode !== null ? { season: row.season, episode: row.episode, positionSeconds: row.positionSeconds ?? 0 } : null,
    }));
  }

  /** Applause for an aired episode, counted once per member; a repeat changes nothing and says so. */
  async clap(userId: number, episodeId: number): Promise<{ added: boolean; count: number; message: string }> {
    await this.rateLimits.enforce('episode-clap', ENGAGEMENT_RULES.clapRateLimit, String(userId));
    const { found, added, count } = await this.repository.clap(userId, episodeId);
    if (!found) throw new AppException(HttpStatus.NOT_FOUND, WATCH_MESSAGES.episodeNotFound);
    return { added, count, message: added ? M.clapped : M.alreadyClapped };
  }

  /** A report on an aired video group, once per member and problem ('hash yok' for an unknown source). */
  async reportSourceIssue(userId: number, hash: string, issue: SourceIssue, status: SourceIssueStatus): Promise<string> {
    await this.rateLimits.enforce('source-issue', ENGAGEMENT_RULES.issueRateLimit, String(userId));
    const { found, added } = await this.repository.reportSourceIssue(userId, hash, issue, status);
    if (!found) throw new AppException(HttpStatus.NOT_FOUND, M.sourceMissing);
    if (!added) throw new AppException(HttpStatus.CONFLICT, M.issueAlreadyReported);
    return M.issueReported;
  }
}
