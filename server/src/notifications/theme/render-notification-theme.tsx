import type { NotificationView } from '@seyirlik/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { NotificationItems } from './NotificationItems';

/** The `theme` of `/get/more/notification`: rendered by React, so every text (a member's name, a room's title) is escaped. */
export function renderNotificationTheme(notifications: NotificationView[]): string {
  return renderToStaticMarkup(<NotificationItems notifications={notifications} />);
}
