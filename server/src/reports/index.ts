/** What other features use of reports: the module, and the registry where they say how to find what is reported. */
export { ReportsModule } from './reports.module';
export { ReportTargets, type ReportTarget, type ReportTargetResolver } from './report-targets';
