import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { CONTENT_REPORT_MESSAGES as M, contentReportBodySchema } from '@seyirlik/shared-contracts';
import { CurrentViewer, MemberGuard, type Viewer } from '../accounts';
import { parseInput } from '../platform/http/app-exception';
import { ReportsService } from './reports.service';

/** POST /api/reports (members; 401 otherwise): a topic or a post reported for moderation. */
@Controller('api/reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post()
  @UseGuards(MemberGuard)
  async report(@CurrentViewer() viewer: Viewer, @Body() body: unknown): Promise<{ message: string }> {
    await this.reports.report(viewer.user.id, parseInput(contentReportBodySchema, body ?? {}));
    return { message: M.reportReceived };
  }
}
