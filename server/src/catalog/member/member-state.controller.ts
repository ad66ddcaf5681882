import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import {
  continueIdSchema,
  continueWatchingBodySchema,
  episodeWatchedBodySchema,
  memberEpisodeIdSchema,
  type ContinueWatchingEntry,
  type EpisodeWatchedState,
  type TitleContinueWatching,
  type TitleMemberState,
} from '@seyirlik/shared-contracts';
import { CurrentViewer, MemberGuard, OptionalViewer, type Viewer } from '../../accounts';
import { parseInput } from '../../platform/http/app-exception';
import { MemberStateService, type TitleMark } from './member-state.service';

/** The JSON API of a member's state on the catalog. Reads are open to visitors; writes need a member (401). */
/** Which field of TitleMemberState each title mark is. */
const MARK_FIELDS = { follow: 'following', favorite: 'favorite', notify: 'notify' } as const satisfies Record<
  TitleMark,
  keyof TitleMemberState
>;

@Controller('api')
export class MemberStateController {
  constructor(private readonly state: MemberStateService) {}

  @Get('titles/:kind/:slug/me')
  async titleState(@OptionalViewer() viewer: Viewer | null, @Param('kind') kind: string, @Param('slug') slug: string): Promise<TitleMemberState> {
    const title = await this.state.titleByAddress(kind, slug);
    return this.state.titleState(viewer?.user.id ?? null, title.id);
  }

  @Get('titles/:kind/:slug/continue-watching')
  async titleContinue(@OptionalViewer() viewer: Viewer | null, @Param('kind') kind: string, @Param('slug') slug: string): Promise<TitleContinueWatching> {
    const title = await this.state.titleByAddress(kind, slug);
    return this.state.titleContinue(viewer?.user.id ?? null, title.id);
  }

  @Post('titles/:kind/:slug/follow')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  follow(@CurrentViewer() viewer: Viewer, @Param('kind') kind: string, @Param('slug') slug: string): Promise<TitleMemberState> {
    return this.toggle(viewer, kind, slug, 'follow');
  }

  @Post('titles/:kind/:slug/favorite')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  favorite(@CurrentViewer() viewer: Viewer, @Param('kind') kind: string, @Param('slug') slug: string): Promise<TitleMemberState> {
    return this.toggle(viewer, kind, slug, 'favorite');
  }

  @Post('titles/:kind/:slug/notify')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  notify(@CurrentViewer() viewer: Viewer, @Param('kind') kind: string, @Param('slug') slug: string): Promise<TitleMemberState> {
    return this.toggle(viewer, kind, slug, 'notify');
  }

  @Post('episodes/:id/watched')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async watched(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown): Promise<EpisodeWatchedState> {
    const episode = await this.state.episode(parseInput(memberEpisodeIdSchema, id));
    const { watched } = parseInput(episodeWatchedBodySchema, body ?? {});
    return this.state.setWatched(viewer.user.id, episode, watched);
  }

  @Get('continue-watching')
  @UseGuards(MemberGuard)
  async continueWatching(@CurrentViewer() viewer: Viewer): Promise<{ entries: ContinueWatchingEntry[] }> {
    return { entries: await this.state.continueWatching(viewer.user.id) };
  }

  @Put('continue-watching')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  saveContinue(@CurrentViewer() viewer: Viewer, @Body() body: unknown): Promise<{ id: number }> {
    const { episodeId, positionSeconds } = parseInput(continueWatchingBodySchema, body);
    return this.state.saveContinue(viewer.user.id, episodeId, positionSeconds);
  }

  @Delete('continue-watching/:id')
  @HttpCode(204)
  @UseGuards(MemberGuard)
  async deleteContinue(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<void> {
    await this.state.deleteContinue(viewer.user.id, parseInput(continueIdSchema, id));
  }

  private async toggle(viewer: Viewer, kind: string, slug: string, mark: TitleMark): Promise<TitleMemberState> {
    const title = await this.state.titleByAddress(kind, slug);
    const isSet = await this.state.setMark(viewer.user.id, title.id, mark);
    // The mark as this toggle left it: a read after the transaction could already see a later toggle.
    const state = await this.state.titleState(viewer.user.id, title.id);
    return { ...state, [MARK_FIELDS[mark]]: isSet };
  }
}
