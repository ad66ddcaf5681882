import { Controller, type OnModuleInit } from '@nestjs/common';
import { ENGAGEMENT_MESSAGES as M, legacyActionDataSchema, legacyAddClapSchema, legacyGetListSchema } from '@seyirlik/shared-contracts';
import { LegacyCallRegistry } from '../platform/http/legacy-call.registry';
import { EngagementService } from './engagement.service';
import { renderMemberList } from './theme/render-member-list';

/**
 * The seed's `getList`, `addClap` and `actionData` (§7); all need a login (visitors get the session flag).
 * `getList` (t, status) → `data` (the list as HTML), `empty` (and `message` when empty);
 * `addClap` (clap: an episode id) → `status` 1 counted now / 0 already counted, `count`, `message`;
 * `actionData` (issue, status, data: a video group hash) → `message`.
 * The meanings of `t`, `status` and `issue` are in shared-contracts' engagement rules.
 */
@Controller()
export class EngagementLegacyController implements OnModuleInit {
  constructor(
    private readonly engagement: EngagementService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      type: 'getList',
      login: true,
      schema: legacyGetListSchema,
      handle: async ({ t, status }, { viewer }) => {
        const items = await this.engagement.memberList(viewer.user.id, t, status);
        return { data: renderMemberList(items), empty: items.length === 0, ...(items.length === 0 ? { message: M.listEmpty } : {}) };
      },
    });
    this.legacy.register({
      type: 'addClap',
      login: true,
      schema: legacyAddClapSchema,
      handle: async ({ clap }, { viewer }) => {
        const { added, count, message } = await this.engagement.clap(viewer.user.id, clap);
        return { status: added ? 1 : 0, count, message };
      },
    });
    this.legacy.register({
      type: 'actionData',
      login: true,
      schema: legacyActionDataSchema,
      handle: async ({ issue, status, data }, { viewer }) => ({ message: await this.engagement.reportSourceIssue(viewer.user.id, data, issue, status) }),
    });
  }
}
