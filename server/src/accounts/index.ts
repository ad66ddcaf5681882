/** What other features use of accounts: who is behind a request, and the guards and decorators that say it. */
export type { Viewer } from './sessions.service';
export { CurrentViewer, MemberGuard, OptionalViewer } from './viewer';
export { memberCardColumns, toMemberCard, type MemberCardRow } from './member-card';
export { blockedSql, MemberBlocks } from './member-blocks';
export { sessionKeyOf, sessionMemberSql } from './session-key';
export { BotCheckService } from './bot-check.service';
export { sessionMeta } from './viewer';
