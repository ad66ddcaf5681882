import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { BlockState } from '@seyirlik/shared-contracts';
import { MemberBlocks } from './member-blocks';
import type { Viewer } from './sessions.service';
import { CurrentViewer, MemberGuard } from './viewer';

/** Blocking a member from their profile page, for members only (401 otherwise). */
@Controller('api/users/:username/block')
@UseGuards(MemberGuard)
export class MemberBlocksController {
  constructor(private readonly blocks: MemberBlocks) {}

  @Get()
  state(@CurrentViewer() viewer: Viewer, @Param('username') username: string): Promise<BlockState> {
    return this.blocks.state(viewer.user.id, username);
  }

  @Post()
  @HttpCode(200)
  block(@CurrentViewer() viewer: Viewer, @Param('username') username: string): Promise<BlockState> {
    return this.blocks.set(viewer.user.id, username, true);
  }

  @Delete()
  unblock(@CurrentViewer() viewer: Viewer, @Param('username') username: string): Promise<BlockState> {
    return this.blocks.set(viewer.user.id, username, false);
  }
}
