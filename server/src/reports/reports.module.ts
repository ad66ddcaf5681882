import { Module } from '@nestjs/common';
import { ReportTargets } from './report-targets';
import { ReportsController } from './reports.controller';
import { ReportsLegacyController } from './reports.legacy.controller';
import { ReportsService } from './reports.service';

/** Reports of topics and posts (JSON and the content branch of `/set/report`); features register their targets in ReportTargets. */
@Module({
  controllers: [ReportsController, ReportsLegacyController],
  providers: [ReportTargets, ReportsService],
  exports: [ReportTargets],
})
export class ReportsModule {}
