import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import {
  collectionFieldsSchema,
  collectionIdSchema,
  collectionListQuerySchema,
  collectionSearchQuerySchema,
  type CollectionCreatedReply,
  type CollectionDeletedReply,
  type CollectionFollowReply,
  type CollectionList,
  type CollectionReply,
  type CollectionSearchResult,
  type CollectionView,
} from '@seyirlik/shared-contracts';
import { CurrentViewer, MemberGuard, OptionalViewer, type Viewer } from '../accounts';
import { parseInput } from '../platform/http/app-exception';
import { CollectionsService } from './collections.service';

/** The collections' JSON API: lists and pages are open to visitors, changes and the catalog search to members (401 otherwise). */
@Controller('api/collections')
export class CollectionsController {
  constructor(private readonly collections: CollectionsService) {}

  /** `page` from 1, `sort` newest or popular, `owner` a member's username (the profile's tab). */
  @Get()
  list(@Query() query: unknown): Promise<CollectionList> {
    return this.collections.list(parseInput(collectionListQuerySchema, query ?? {}));
  }

  /** `{ name, desc, list }`: `list` the titles' ids in order (or the seed's items). */
  @Post()
  @UseGuards(MemberGuard)
  create(@CurrentViewer() viewer: Viewer, @Body() body: unknown): Promise<CollectionCreatedReply> {
    return this.collections.create(viewer.user.id, parseInput(collectionFieldsSchema, body ?? {}));
  }

  /** `q` from 2 characters: the create modal's catalog search. */
  @Get('search')
  @UseGuards(MemberGuard)
  search(@Query() query: unknown): Promise<CollectionSearchResult> {
    return this.collections.searchTitles(parseInput(collectionSearchQuerySchema, query ?? {}).q);
  }

  @Get(':id')
  view(@OptionalViewer() viewer: Viewer | null, @Param('id') id: string): Promise<CollectionView> {
    return this.collections.view(viewer?.user.id ?? null, parseInput(collectionIdSchema, id));
  }

  /** Every field again (`name`, `desc`, `list` in its new order). The owner only. */
  @Patch(':id')
  @UseGuards(MemberGuard)
  update(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown): Promise<CollectionReply> {
    const collectionId = parseInput(collectionIdSchema, id);
    return this.collections.update(viewer.user.id, collectionId, parseInput(collectionFieldsSchema, body ?? {}));
  }

  @Delete(':id')
  @UseGuards(MemberGuard)
  delete(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<CollectionDeletedReply> {
    return this.collections.delete(viewer.user.id, parseInput(collectionIdSchema, id));
  }

  @Post(':id/follow')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  follow(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<CollectionFollowReply> {
    return this.collections.follow(viewer.user.id, parseInput(collectionIdSchema, id));
  }

  @Delete(':id/follow')
  @UseGuards(MemberGuard)
  unfollow(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<CollectionFollowReply> {
    return this.collections.unfollow(viewer.user.id, parseInput(collectionIdSchema, id));
  }
}
