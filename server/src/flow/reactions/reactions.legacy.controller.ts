import { Controller, type OnModuleInit } from '@nestjs/common';
import { FLOW_ACTION_TYPES, REACTION_MESSAGES as M, REACTION_NAMES, legacyFlowActionSchema } from '@seyirlik/shared-contracts';
import { LegacyCallRegistry } from '../../platform/http/legacy-call.registry';
import { ReactionsService } from './reactions.service';
import { renderReactionControl } from './theme/render-reaction-theme';

/**
 * The flow's branch of the shared `/set/action` (§7): `type` flow or group, `post_id`, `action` the
 * reaction, `status` 1 (or missing) to set it, 0 to take it back. Visitors get the session flag.
 * Answers `status` (1: the member's reaction is now `action`; 0: none), `action`, `name` (its
 * Turkish name), `button` (the control after the change: delete-action when set, set-action when
 * not), `count` (that kind's count), `total`, `version` and `message`.
 */
@Controller()
export class ReactionsLegacyController implements OnModuleInit {
  constructor(
    private readonly reactions: ReactionsService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      path: '/set/action',
      branch: { name: 'flow', field: 'type', values: FLOW_ACTION_TYPES },
      login: true,
      schema: legacyFlowActionSchema,
      handle: async ({ postId, kind, set }, { viewer }) => {
        const summary = await this.reactions.react(viewer.user.id, postId, set ? kind : null);
        return {
          status: summary.mine === kind ? 1 : 0,
          action: kind,
          name: REACTION_NAMES[kind],
          button: renderReactionControl(postId, summary),
          count: summary.counts[kind],
          total: summary.total,
          version: summary.version,
          message: set ? M.reactionSet : M.reactionRemoved,
        };
      },
    });
  }
}
