import { HttpStatus, Injectable } from '@nestjs/common';
import {
  SKIP_SEGMENT_MESSAGES as M,
  SKIP_SEGMENT_RULES,
  WATCH_MESSAGES,
  confirmationsNeeded,
  skipSegmentChannel,
  skipSegmentStatus,
  type SkipSegmentKind,
  type SkipSegmentList,
  type SkipSegmentView,
  type SkipSegmentVote,
} from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../platform/http/app-exception';
import { RateLimitService } from '../platform/rate-limit/rate-limit.service';
import { RealtimeService } from '../platform/realtime/realtime.service';
import { SkipSegmentsRepository, type MarkableSource, type SkipSegmentRow } from './skip-segments.repository';

/** A marking as a member asks for it, its fields already read by the shared schema. */
export interface SkipSegmentMarking {
  kind: SkipSegmentKind;
  startSeconds: number;
  endSeconds: number;
}

function toView(row: SkipSegmentRow): SkipSegmentView {
  const status = skipSegmentStatus(row);
  return {
    id: row.id,
    kind: row.kind,
    startSeconds: row.startSeconds,
    endSeconds: row.endSeconds,
    confirmations: row.confirmations,
    rejections: row.rejections,
    status,
    confirmationsNeeded: confirmationsNeeded(row),
    mine: row.mine,
    myVote: row.myVote === null ? null : row.myVote ? 'confirm' : 'reject',
    skippable: status === 'agreed' || (row.mine && status === 'pending'),
  };
}

const badInput = (message: string) => new AppException(HttpStatus.BAD_REQUEST, message);

/** The checks a marking needs its episode for; the shared schema checked the rest. */
function checkAgainstEpisode(source: MarkableSource, marking: SkipSegmentMarking): void {
  if (source.sourceKind === 'embed') throw badInput(M.embedSource);
  if (marking.endSeconds > source.durationSeconds) throw badInput(M.pastEpisodeEnd(source.durationSeconds));
  if (marking.endSeconds - marking.startSeconds > Math.floor(source.durationSeconds / SKIP_SEGMENT_RULES.maxShareDivisor)) {
    throw badInput(M.tooLong(source.durationSeconds));
  }
}

/**
 * Skip markings: members mark an intro, a recap or end credits on a video source, and confirm or
 * reject each other's. A marking is skipped for everyone once agreed (SKIP_SEGMENT_RULES), and for
 * its author at once. Each change is pushed to the episode's page after it committed.
 */
@Injectable()
export class SkipSegmentsService {
  constructor(
    private readonly repository: SkipSegmentsRepository,
    private readonly dataSource: DataSource,
    private readonly rateLimits: RateLimitService,
    private readonly realtime: RealtimeService,
  ) {}

  /** The source's markings for the viewer (null: a visitor, who sees the agreed ones only). */
  async list(sourceId: number, viewerId: number | null): Promise<SkipSegmentList> {
    const found = await this.repository.list(sourceId, viewerId);
    if (!found) throw new AppException(HttpStatus.NOT_FOUND, WATCH_MESSAGES.sourceNotFound);
    return {
      sourceId: found.source.sourceId,
      episodeId: found.source.episodeId,
      durationSeconds: found.source.durationSeconds,
      segments: found.segments.map(toView),
    };
  }

  /** Stores a member's marking with their own confirmation, after checking it against the episode and the source's other markings. */
  async mark(userId: number, sourceId: number, marking: SkipSegmentMarking): Promise<SkipSegmentView> {
    await this.rateLimits.enforce('skip-segment-mark', SKIP_SEGMENT_RULES.markRateLimit, String(userId));
    const { row, episodeId } = await this.dataSource.transaction(async (manager) => {
      const source = await this.repository.lockSource(manager, sourceId);
      if (!source) throw new AppException(HttpStatus.NOT_FOUND, WATCH_MESSAGES.sourceNotFound);
      checkAgainstEpisode(source, marking);
      const inserted = await this.repository.insertUnlessOverlapping(manager, { source, authorId: userId, ...marking });
      if (!inserted) throw new AppException(HttpStatus.CONFLICT, M.overlap);
      return { row: inserted, episodeId: source.episodeId };
    });
    this.realtime.toRoom(skipSegmentChannel(episodeId), 'skipSegment.changed', { sourceId, segmentId: row.id });
    return toView(row);
  }

  /**
   * A member's confirmation or rejection of a live marking. The same vote again is refused and
   * changes nothing; the other vote replaces the member's earlier one (the author may take back
   * their own confirmation that way).
   */
  async vote(userId: number, segmentId: number, vote: SkipSegmentVote): Promise<SkipSegmentView> {
    const confirm = vote === 'confirm';
    const { view, episodeId, sourceId } = await this.dataSource.transaction(async (manager) => {
      const locked = await this.repository.lockSegment(manager, segmentId, userId);
      if (!locked) throw new AppException(HttpStatus.NOT_FOUND, M.segmentNotFound);
      const { segment } = locked;
      if (segment.myVote === confirm) throw new AppException(HttpStatus.CONFLICT, confirm ? M.alreadyConfirmed : M.alreadyRejected);
      const counts = await this.repository.vote(manager, segmentId, userId, confirm, segment.myVote);
      return { view: toView({ ...segment, ...counts, myVote: confirm }), episodeId: locked.episodeId, sourceId: locked.sourceId };
    });
    this.realtime.toRoom(skipSegmentChannel(episodeId), 'skipSegment.changed', { sourceId, segmentId });
    return view;
  }
}
