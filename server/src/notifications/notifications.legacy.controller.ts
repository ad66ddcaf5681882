import { Controller, type OnModuleInit } from '@nestjs/common';
import { NOTIFICATION_MESSAGES as M, legacyMoreNotificationsSchema, legacyReadNotificationSchema } from '@seyirlik/shared-contracts';
import { LegacyCallRegistry } from '../platform/http/legacy-call.registry';
import { NotificationsService } from './notifications.service';
import { renderNotificationTheme } from './theme/render-notification-theme';

/**
 * The seed's notification calls (§7), for members (visitors get the session flag).
 * `readNotification` on `/ajax/service` marks all of the member's notifications read (the seed
 * shows no fields) and answers `count`, the unread count after it (0); `/get/more/notification`
 * (`page` from 1, newest first) answers `theme`, the page's notifications as list items, or past
 * the end `success: false` with 'Listelenecek içerik kalmadı !'.
 */
@Controller()
export class NotificationsLegacyController implements OnModuleInit {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      type: 'readNotification',
      login: true,
      schema: legacyReadNotificationSchema,
      handle: async (_body, { viewer }) => {
        const { unreadCount } = await this.notifications.markRead(viewer.user.id, null);
        return { count: unreadCount };
      },
    });
    this.legacy.register({
      path: '/get/more/notification',
      login: true,
      schema: legacyMoreNotificationsSchema,
      handle: async ({ page }, { viewer }) => {
        const { notifications } = await this.notifications.list(viewer.user.id, page);
        return notifications.length === 0 ? { success: false, theme: '', message: M.noMore } : { theme: renderNotificationTheme(notifications) };
      },
    });
  }
}
