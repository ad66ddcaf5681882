import { Controller, type OnModuleInit } from '@nestjs/common';
import { CONTENT_REPORT_MESSAGES as M, LEGACY_CONTENT_REPORT_TYPE_VALUES, legacyContentReportSchema } from '@seyirlik/shared-contracts';
import { LegacyCallRegistry } from '../platform/http/legacy-call.registry';
import { ReportsService } from './reports.service';

/**
 * The content branch of the shared `/set/report` (§7: `id`, `value` the reason, `desc`, `type`):
 * `type` discussion (a topic) or post, flow, group (a post); a comment, the default, is the
 * comments' branch. Visitors get the session flag. Answers `message`.
 */
@Controller()
export class ReportsLegacyController implements OnModuleInit {
  constructor(
    private readonly reports: ReportsService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      path: '/set/report',
      branch: { name: 'content', field: 'type', values: LEGACY_CONTENT_REPORT_TYPE_VALUES },
      login: true,
      schema: legacyContentReportSchema,
      handle: async (report, { viewer }) => {
        await this.reports.report(viewer.user.id, report);
        return { message: M.reportReceived };
      },
    });
  }
}
