import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, UseGuards } from '@nestjs/common';
import {
  addGroupMemberSchema,
  groupFieldsSchema,
  groupIdSchema,
  groupMemberIdSchema,
  groupImageRemovalsSchema,
  groupListQuerySchema,
  groupMemberSearchSchema,
  groupMembersQuerySchema,
  type GroupCreatedReply,
  type GroupDeletedReply,
  type GroupList,
  type GroupMemberList,
  type GroupMemberSearchResult,
  type GroupReply,
  type GroupView,
} from '@seyirlik/shared-contracts';
import type { HttpRequest } from '../../platform/http/http-types';
import { z } from 'zod';
import { CurrentViewer, MemberGuard, OptionalViewer, type Viewer } from '../../accounts';
import { LoginRequiredException, parseInput } from '../../platform/http/app-exception';
import { uploadedGroupImages } from './group-uploads';
import { GroupsService } from './groups.service';

/** A group's address as the page's path carries it. */
const slugSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(80);

/** The groups' JSON API: lists and pages are open to visitors (as each group's visibility allows), changes to members (401 otherwise). */
@Controller('api/groups')
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

  /** `page` from 1, `q` a search text, `mine=1` the viewer's own groups (members only). */
  @Get()
  list(@OptionalViewer() viewer: Viewer | null, @Query() query: unknown): Promise<GroupList> {
    const input = parseInput(groupListQuerySchema, query ?? {});
    if (input.mine && !viewer) throw new LoginRequiredException();
    return this.groups.list(viewer?.user.id ?? null, input);
  }

  /** Multipart: the group's fields (seed names), `cover` and `poster` files. */
  @Post()
  @UseGuards(MemberGuard)
  create(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @Req() request: HttpRequest): Promise<GroupCreatedReply> {
    return this.groups.create(viewer.user.id, parseInput(groupFieldsSchema, body ?? {}), uploadedGroupImages(request));
  }

  @Get(':slug')
  async view(@OptionalViewer() viewer: Viewer | null, @Param('slug') slug: string): Promise<GroupView> {
    const parsed = slugSchema.safeParse(slug);
    return this.groups.view(viewer?.user.id ?? null, parsed.success ? { slug: parsed.data } : { slug: '-' });
  }

  /** Multipart: every field again, new `cover`/`poster` files, `removeCover`/`removePoster`. The owner only. */
  @Patch(':id')
  @UseGuards(MemberGuard)
  update(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown, @Req() request: HttpRequest): Promise<GroupReply> {
    const groupId = parseInput(groupIdSchema, id);
    const fields = parseInput(groupFieldsSchema, body ?? {});
    return this.groups.update(viewer.user.id, groupId, fields, uploadedGroupImages(request), parseInput(groupImageRemovalsSchema, body ?? {}));
  }

  @Delete(':id')
  @UseGuards(MemberGuard)
  delete(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<GroupDeletedReply> {
    return this.groups.delete(viewer.user.id, parseInput(groupIdSchema, id));
  }

  @Post(':id/join')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  join(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<GroupReply> {
    return this.groups.join(viewer.user.id, parseInput(groupIdSchema, id));
  }

  @Post(':id/leave')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  leave(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<GroupReply> {
    return this.groups.leave(viewer.user.id, parseInput(groupIdSchema, id));
  }

  @Get(':id/members')
  members(@OptionalViewer() viewer: Viewer | null, @Param('id') id: string, @Query() query: unknown): Promise<GroupMemberList> {
    const { page } = parseInput(groupMembersQuerySchema, query ?? {});
    return this.groups.members(viewer?.user.id ?? null, parseInput(groupIdSchema, id), page);
  }

  /** `q` from 2 characters; the owner only. */
  @Get(':id/member-search')
  @UseGuards(MemberGuard)
  searchMembers(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Query() query: unknown): Promise<GroupMemberSearchResult> {
    const groupId = parseInput(groupIdSchema, id);
    return this.groups.searchMembers(viewer.user.id, groupId, parseInput(groupMemberSearchSchema, query ?? {}).q);
  }

  /** `{ username }`: the owner adds a member. */
  @Post(':id/members')
  @UseGuards(MemberGuard)
  addMember(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown): Promise<GroupReply> {
    const groupId = parseInput(groupIdSchema, id);
    return this.groups.addMember(viewer.user.id, groupId, parseInput(addGroupMemberSchema, body ?? {}).username);
  }

  @Delete(':id/members/:userId')
  @UseGuards(MemberGuard)
  removeMember(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Param('userId') userId: string): Promise<GroupReply> {
    const groupId = parseInput(groupIdSchema, id);
    return this.groups.removeMember(viewer.user.id, groupId, parseInput(groupMemberIdSchema, userId));
  }
}
