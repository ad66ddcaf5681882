import { Controller, type OnModuleInit } from '@nestjs/common';
import {
  FLOW_MESSAGES as M,
  LEGACY_PHOTO_FIELDS,
  legacyDeleteGroupPostSchema,
  legacySetGroupPostSchema,
  legacyDeleteFlowImageSchema,
  legacyEditFlowPostSchema,
  legacyFlowPageSchema,
  legacyFlowPathPageSchema,
  legacyGetFlowPostSchema,
  legacySetFlowPostSchema,
} from '@seyirlik/shared-contracts';
import { LoginRequiredException, parseInput } from '../platform/http/app-exception';
import { LegacyCallRegistry } from '../platform/http/legacy-call.registry';
import { uploadedPhotos } from './flow-uploads';
import { FlowService } from './flow.service';
import { renderFlowEditTheme, renderFlowTheme } from './theme/render-flow-theme';

/**
 * The seed's flow calls (§7); writes answer visitors the session flag.
 * `/set/flow/post` (multipart: type, message, photo[]; or type poll, questOrTitle, questAnswer) → theme (the post rendered), message, id.
 * `/akis/{page}` (page, me) → count (posts on the page), theme; past the end success false with
 * 'Listelenecek içerik kalmadı !'. `/get/flow/post` (flow_id) → theme (the author's edit form).
 * `/edit/flow/post` (multipart: flow_id, post, photo[]) → theme, message.
 * `/delete/flow/post/image` (image_id) → theme (the post without it), message.
 * `/set/group/post` (as `/set/flow/post`, with group_id; members of the group only) → theme, message, id.
 * `/group/delete/post` (the `group` branch of `/{type}/delete/post`: id, a
 * group's or the flow's post; its author, or the group's owner) → message.
 */
@Controller()
export class FlowLegacyController implements OnModuleInit {
  constructor(
    private readonly flow: FlowService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      path: '/set/flow/post',
      login: true,
      schema: legacySetFlowPostSchema,
      handle: async (input, { viewer, request }) => {
        const post = await this.flow.create(viewer.user.id, input, uploadedPhotos(request, LEGACY_PHOTO_FIELDS));
        return { theme: renderFlowTheme([post]), message: M.posted, id: post.id };
      },
    });

    this.legacy.register({
      path: '/set/group/post',
      login: true,
      schema: legacySetGroupPostSchema,
      handle: async ({ groupId, draft }, { viewer, request }) => {
        const post = await this.flow.create(viewer.user.id, draft, uploadedPhotos(request, LEGACY_PHOTO_FIELDS), groupId);
        return { theme: renderFlowTheme([post]), message: M.posted, id: post.id };
      },
    });

    this.legacy.register({
      path: '/{type}/delete/post',
      branch: { name: 'group', field: 'type', values: ['group'] },
      login: true,
      schema: legacyDeleteGroupPostSchema,
      handle: async ({ id }, { viewer }) => {
        await this.flow.delete(viewer.user.id, id);
        return { message: M.deleted };
      },
    });

    this.legacy.register({
      path: '/akis/{page}',
      login: false,
      schema: legacyFlowPageSchema,
      handle: async (input, { viewer, request }) => {
        const page = input.page ?? parseInput(legacyFlowPathPageSchema, (request.params as Record<string, unknown>).page);
        if (input.me && !viewer) throw new LoginRequiredException();
        const { posts } = await this.flow.page(viewer?.user.id ?? null, page, input.me);
        if (posts.length === 0) return { success: false, count: 0, theme: '', message: M.noMoreContent };
        return { count: posts.length, theme: renderFlowTheme(posts) };
      },
    });

    this.legacy.register({
      path: '/get/flow/post',
      login: true,
      schema: legacyGetFlowPostSchema,
      handle: async ({ flow_id }, { viewer }) => ({ theme: renderFlowEditTheme(await this.flow.ownPost(viewer.user.id, flow_id)) }),
    });

    this.legacy.register({
      path: '/edit/flow/post',
      login: true,
      schema: legacyEditFlowPostSchema,
      handle: async ({ flow_id, post }, { viewer, request }) => {
        const edited = await this.flow.edit(viewer.user.id, flow_id, post, uploadedPhotos(request, LEGACY_PHOTO_FIELDS));
        return { theme: renderFlowTheme([edited]), message: M.edited };
      },
    });

    this.legacy.register({
      path: '/delete/flow/post/image',
      login: true,
      schema: legacyDeleteFlowImageSchema,
      handle: async ({ image_id }, { viewer }) => {
        const post = await this.flow.deleteImage(viewer.user.id, image_id);
        return { theme: renderFlowTheme([post]), message: M.imageDeleted };
      },
    });
  }
}
