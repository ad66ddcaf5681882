import { Controller, HttpStatus, type OnModuleInit } from '@nestjs/common';
import {
  MEMBER_STATE_MESSAGES as M,
  legacyAddFavoriteSchema,
  legacyContinueWatchSchema,
  legacyDeleteContinueSchema,
  legacyEpisodeWatchSchema,
  legacyFollowingSchema,
  legacyLetMeKnowSchema,
  legacySetFollowSchema,
} from '@seyirlik/shared-contracts';
import { AppException } from '../../platform/http/app-exception';
import { LegacyCallRegistry } from '../../platform/http/legacy-call.registry';
import { MemberStateService } from './member-state.service';

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
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      type: 'following',
      login: true,
      schema: legacyFollowingSchema,
      handle: async ({ data }, { viewer }) => {
        const following = await this.state.setMark(viewer.user.id, data, 'follow');
        return { type: following ? 'follow' : 'unfollow' };
      },
    });
    this.legacy.register({
      type: 'addFavorite',
      login: true,
      schema: legacyAddFavoriteSchema,
      handle: async ({ data, status }, { viewer }) => {
        const favorite = await this.state.setMark(viewer.user.id, data, 'favorite', status);
        return { status: favorite ? 1 : 0, error: false };
      },
    });
    this.legacy.register({
      path: '/set/follow',
      login: true,
      schema: legacySetFollowSchema,
      handle: async ({ content_id }, { viewer }) => {
        const following = await this.state.setMark(viewer.user.id, content_id, 'follow');
        return { _t: following ? 1 : 0 };
      },
    });
    this.legacy.register({
      path: '/user/letmeknow',
      login: true,
      schema: legacyLetMeKnowSchema,
      handle: async ({ id }, { viewer }) => {
        const notify = await this.state.setMark(viewer.user.id, id, 'notify');
        return { type: notify ? 1 : 0, message: notify ? M.notifyOn : M.notifyOff };
      },
    });
    // Refuses an episode of another title than `series`/`series_id` (or of another season than `season`).
    this.legacy.register({
      path: '/set/episode/watch',
      login: true,
      schema: legacyEpisodeWatchSchema,
      handle: async ({ episode_id, series_id, season, active }, { viewer }) => {
        const episode = await this.state.episode(episode_id);
        if (episode.title_id !== series_id || (season !== undefined && Number(episode.season_number) !== season)) {
          throw new AppException(HttpStatus.BAD_REQUEST, M.episodeNotInTitle);
        }
        return { active: (await this.state.setWatched(viewer.user.id, episode, active)).active };
      },
    });
    this.legacy.register({
      path: '/set/continue/watch',
      login: true,
      schema: legacyContinueWatchSchema,
      handle: async ({ content_id, season, item, 'continue-watch': position }, { viewer }) => {
        const episodeId = await this.state.episodeByNumbers(content_id, season, item);
        const { id } = await this.state.saveContinue(viewer.user.id, episodeId, position);
        return { id };
      },
    });
    this.legacy.register({
      path: '/delete/continue/watch',
      login: true,
      schema: legacyDeleteContinueSchema,
      handle: async ({ id }, { viewer }) => {
        await this.state.deleteContinue(viewer.user.id, id);
        return {};
      },
    });
  }
}
