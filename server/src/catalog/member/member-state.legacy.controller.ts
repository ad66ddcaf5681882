import { Body, Controller, HttpCode, HttpStatus, type OnModuleInit, Post, UseGuards } from '@nestjs/common';
import {
  MEMBER_STATE_MESSAGES as M,
  continueIdSchema,
  memberEpisodeIdSchema,
  memberTitleIdSchema,
  positionSecondsSchema,
  CATALOG_RULES,
  WATCH_MESSAGES,
} from '@seyirlik/shared-contracts';
import { z } from 'zod';
import type { Viewer } from '../../accounts/sessions.service';
import { CurrentViewer, MemberGuard } from '../../accounts/viewer';
import { AjaxServiceRegistry } from '../../platform/http/ajax-service.registry';
import { AppException, LoginRequiredException, parseInput } from '../../platform/http/app-exception';
import { MemberStateService } from './member-state.service';

const fieldsOf = (body: unknown): Record<string, unknown> => (typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {});
const numberIn = (max: number, message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message });

/** A legacy explicit state ("1"/"0", "true"/"false"); anything else means "toggle". */
function desiredOf(value: unknown): boolean | undefined {
  if (value === '1' || value === 1 || value === 'true' || value === true) return true;
  if (value === '0' || value === 0 || value === 'false' || value === false) return false;
  return undefined;
}

/**
 * The seed's member-state calls (§7). Visitors get the session flag. Answers:
 * `following` → type 'follow' (now following) or 'unfollow'; `/set/follow` → `_t` 1 or 0 (now
 * following); `addFavorite` → status 1 or 0 (now a favourite; a `status` of 1/0 sets it, anything
 * else toggles); `/user/letmeknow` → type 1 (now "Haber ver" is on) or 0; `/set/episode/watch` →
 * `active` (that episode is now watched).
 */
@Controller()
export class MemberStateLegacyController implements OnModuleInit {
  constructor(
    private readonly state: MemberStateService,
    private readonly ajaxService: AjaxServiceRegistry,
  ) {}

  onModuleInit(): void {
    this.ajaxService.register('following', async (body, request) => {
      if (!request.viewer) throw new LoginRequiredException();
      const following = await this.state.setMark(request.viewer.user.id, parseInput(memberTitleIdSchema, body.data), 'follow');
      return { type: following ? 'follow' : 'unfollow' };
    });
    this.ajaxService.register('addFavorite', async (body, request) => {
      if (!request.viewer) throw new LoginRequiredException();
      const favorite = await this.state.setMark(request.viewer.user.id, parseInput(memberTitleIdSchema, body.data), 'favorite', desiredOf(body.status));
      return { status: favorite ? 1 : 0, error: false };
    });
  }

  @Post('set/follow')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async follow(@CurrentViewer() viewer: Viewer, @Body() body: unknown) {
    const following = await this.state.setMark(viewer.user.id, parseInput(memberTitleIdSchema, fieldsOf(body).content_id), 'follow');
    return { success: true, _t: following ? 1 : 0 };
  }

  @Post('user/letmeknow')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async letMeKnow(@CurrentViewer() viewer: Viewer, @Body() body: unknown) {
    const notify = await this.state.setMark(viewer.user.id, parseInput(memberTitleIdSchema, fieldsOf(body).id), 'notify');
    return { success: true, type: notify ? 1 : 0, message: notify ? M.notifyOn : M.notifyOff };
  }

  /** Refuses an episode of another title than `series`/`series_id` (or of another season than `season`). */
  @Post('set/episode/watch')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async episodeWatch(@CurrentViewer() viewer: Viewer, @Body() body: unknown) {
    const fields = fieldsOf(body);
    const episode = await this.state.episode(parseInput(memberEpisodeIdSchema, fields.episode_id));
    const titleId = parseInput(memberTitleIdSchema, fields.series_id ?? fields.series);
    const season = fields.season === undefined || fields.season === '' ? undefined : parseInput(numberIn(CATALOG_RULES.seasonNumberMax, WATCH_MESSAGES.episodeNotFound), fields.season);
    if (episode.title_id !== titleId || (season !== undefined && Number(episode.season_number) !== season)) {
      throw new AppException(HttpStatus.BAD_REQUEST, M.episodeNotInTitle);
    }
    const { active } = await this.state.setWatched(viewer.user.id, episode, desiredOf(fields.active));
    return { success: true, active };
  }

  /** content_id: the title; season and item: season and episode numbers; continue-watch: the position in seconds. */
  @Post('set/continue/watch')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async continueWatch(@CurrentViewer() viewer: Viewer, @Body() body: unknown) {
    const fields = fieldsOf(body);
    const titleId = parseInput(memberTitleIdSchema, fields.content_id);
    const season = parseInput(numberIn(CATALOG_RULES.seasonNumberMax, WATCH_MESSAGES.episodeNotFound), fields.season);
    const item = parseInput(numberIn(CATALOG_RULES.episodeNumberMax, WATCH_MESSAGES.episodeNotFound), fields.item);
    const position = parseInput(positionSecondsSchema, fields['continue-watch']);
    const episodeId = await this.state.episodeByNumbers(titleId, season, item);
    const { id } = await this.state.saveContinue(viewer.user.id, episodeId, position);
    return { success: true, id };
  }

  @Post('delete/continue/watch')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async deleteContinue(@CurrentViewer() viewer: Viewer, @Body() body: unknown) {
    await this.state.deleteContinue(viewer.user.id, parseInput(continueIdSchema, fieldsOf(body).id));
    return { success: true };
  }
}
