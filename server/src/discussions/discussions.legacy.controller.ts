import { Controller, type OnModuleInit } from '@nestjs/common';
import { legacyDeleteDiscussionSchema, legacyEditTopicSchema, legacyNewTopicSchema, legacySetDiscussionSchema } from '@seyirlik/shared-contracts';
import { LegacyCallRegistry } from '../platform/http/legacy-call.registry';
import { DiscussionsService } from './discussions.service';

/**
 * The seed's forum calls (§7), with its field names. Visitors get the session flag. Answers:
 * `/set/discussion` and `newTopic2` → `link` (the topic's page, where the form goes after 1.5 s) and
 * `message`; `editTopic` → `link` and `message`; `/discussion/delete/post` (the `discussion` branch
 * of `/{type}/delete/post`) → `message` and `go` (the list).
 */
@Controller()
export class DiscussionsLegacyController implements OnModuleInit {
  constructor(
    private readonly discussions: DiscussionsService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      path: '/set/discussion',
      login: true,
      schema: legacySetDiscussionSchema,
      handle: async (draft, { viewer }) => {
        const { link, message } = await this.discussions.create(viewer.user.id, draft);
        return { link, message };
      },
    });
    this.legacy.register({
      type: 'newTopic2',
      login: true,
      schema: legacyNewTopicSchema,
      handle: async (draft, { viewer }) => {
        const { link, message } = await this.discussions.create(viewer.user.id, draft);
        return { link, message };
      },
    });
    this.legacy.register({
      type: 'editTopic',
      login: true,
      schema: legacyEditTopicSchema,
      handle: async ({ id, draft }, { viewer }) => {
        const { discussion, message } = await this.discussions.update(viewer.user.id, id, draft);
        return { link: discussion.link, message };
      },
    });
    this.legacy.register({
      path: '/{type}/delete/post',
      branch: { name: 'discussion', field: 'type', values: ['discussion'] },
      login: true,
      schema: legacyDeleteDiscussionSchema,
      handle: async ({ id }, { viewer }) => ({ ...(await this.discussions.remove(viewer.user.id, id)) }),
    });
  }
}
