import { Controller, type OnModuleInit } from '@nestjs/common';
import { BADGE_MESSAGES as M, legacyBadgesLoadSchema } from '@seyirlik/shared-contracts';
import { LoginRequiredException } from '../platform/http/app-exception';
import { LegacyCallRegistry } from '../platform/http/legacy-call.registry';
import { BadgesService } from './badges.service';
import { renderBadgeTheme } from './theme/render-badge-theme';

/**
 * The seed's `/user/badges/load` (§7): `page` from 1, newest first. `me` 1 lists the caller's own
 * badges (a visitor gets the session flag); otherwise `username` names the member, for anyone (an
 * unknown one answers 404 'Böyle bir üye bulunamadı.'). Answers `count`, how many badges the page
 * holds, and `theme`, them as list items; past the end `success: false`, `count` 0 and
 * 'Listelenecek içerik kalmadı !'.
 */
@Controller()
export class BadgesLegacyController implements OnModuleInit {
  constructor(
    private readonly badges: BadgesService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      path: '/user/badges/load',
      login: false,
      schema: legacyBadgesLoadSchema,
      handle: async ({ page, me, username }, { viewer }) => {
        if (me && !viewer) throw new LoginRequiredException();
        const { badges } = me && viewer ? await this.badges.list(viewer.user.id, page) : await this.badges.listOf(username!, page);
        return badges.length === 0
          ? { success: false, count: 0, theme: '', message: M.noMore }
          : { count: badges.length, theme: renderBadgeTheme(badges) };
      },
    });
  }
}
