import { Controller, type OnModuleInit } from '@nestjs/common';
import {
  groupImageRemovalsSchema,
  legacyGroupCreateSchema,
  legacyGroupDeleteSchema,
  legacyGroupUpdateSchema,
  legacyUserSearchSchema,
} from '@seyirlik/shared-contracts';
import { parseInput } from '../../platform/http/app-exception';
import { LegacyCallRegistry } from '../../platform/http/legacy-call.registry';
import { uploadedGroupImages } from './group-uploads';
import { GroupsService } from './groups.service';
import { renderMemberSearch } from './theme/render-member-search';

/**
 * The seed's group calls (§7); all need a login (visitors get the session flag).
 * `/group/create` (multipart: groupName, groupTagline, groupWebsite, groupDesc, cover, poster,
 * private, privacy, fb, tw, ig, th, yt, dc) → `group` (the new group's link), `message`, `id`.
 * `/group/update` (the same with `groupId`; `removeCover`/`removePoster`) → `group` (its link), `message`.
 * `/group/delete` (group_id) → `go` (where the page goes: the groups list), `message`.
 * `/user/search` (query, group_id; the owner's member search) → `theme` (the members found).
 */
@Controller()
export class GroupsLegacyController implements OnModuleInit {
  constructor(
    private readonly groups: GroupsService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      path: '/group/create',
      login: true,
      schema: legacyGroupCreateSchema,
      handle: async (fields, { viewer, request }) => {
        const { group, link, message } = await this.groups.create(viewer.user.id, fields, uploadedGroupImages(request));
        return { group: link, id: group.id, message };
      },
    });

    this.legacy.register({
      path: '/group/update',
      login: true,
      schema: legacyGroupUpdateSchema,
      handle: async ({ groupId, ...fields }, { viewer, request }) => {
        const removals = parseInput(groupImageRemovalsSchema, request.body ?? {});
        const { group, message } = await this.groups.update(viewer.user.id, groupId, fields, uploadedGroupImages(request), removals);
        return { group: group.link, message };
      },
    });

    this.legacy.register({
      path: '/group/delete',
      login: true,
      schema: legacyGroupDeleteSchema,
      handle: async ({ group_id }, { viewer }) => {
        const { go, message } = await this.groups.delete(viewer.user.id, group_id);
        return { go, message };
      },
    });

    this.legacy.register({
      path: '/user/search',
      login: true,
      schema: legacyUserSearchSchema,
      handle: async ({ query, group_id }, { viewer }) => ({ theme: renderMemberSearch(await this.groups.searchMembers(viewer.user.id, group_id, query)) }),
    });
  }
}
