import { z } from 'zod';
import { notificationPageSchema } from './schemas';

// The notifications' legacy calls (§7), with the seed's field names.

/** `readNotification` on `/ajax/service`: the seed shows no fields; it marks all of the member's notifications read. */
export const legacyReadNotificationSchema = z.looseObject({});

/** `/get/more/notification`: `page` from 1 (newest first); answers `theme`. */
export const legacyMoreNotificationsSchema = z.looseObject({ page: notificationPageSchema });
