import { HttpStatus, Injectable } from '@nestjs/common';
import {
  CONTENT_REPORT_MESSAGES as M,
  CONTENT_REPORT_RULES as R,
  type CommentReportReason,
  type ContentReportSubject,
} from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../platform/http/app-exception';
import { RateLimitService } from '../platform/rate-limit/rate-limit.service';
import { ReportTargets } from './report-targets';

/** A report as a member sends it. */
export interface ContentReport {
  subject: ContentReportSubject;
  targetId: number;
  reason: CommentReportReason;
  description: string;
}

/**
 * Reports of topics and posts for moderation, as comment reports are: the target must exist and
 * be readable by the member, not be their own, and a member has one open report per target.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly targets: ReportTargets,
    private readonly rateLimit: RateLimitService,
    private readonly dataSource: DataSource,
  ) {}

  async report(reporterId: number, report: ContentReport): Promise<void> {
    const target = await this.targets.resolverOf(report.subject)(reporterId, report.targetId);
    if (!target) throw new AppException(HttpStatus.NOT_FOUND, M.targetNotFound);
    if (target.authorId === reporterId) throw new AppException(HttpStatus.BAD_REQUEST, M.reportOwn);
    await this.rateLimit.enforce('content-report', R.rateLimit, String(reporterId));
    const rows = (await this.dataSource.query(
      `INSERT INTO content_report (subject, target_id, target_author_id, reporter_id, reason, description, target_text)
       VALUES ($1, $2, $3, $4, $5, $6, left($7, $8))
       ON CONFLICT (subject, target_id, reporter_id) WHERE status = 'open' DO NOTHING
       RETURNING id`,
      [report.subject, report.targetId, target.authorId, reporterId, report.reason, report.description, target.text, R.snapshotMaxLength],
    )) as Array<{ id: number }>;
    if (rows.length === 0) throw new AppException(HttpStatus.CONFLICT, M.reportDuplicate);
  }
}
