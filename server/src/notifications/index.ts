/** What other features use of notifications: telling members something (NotificationsService.notify), from their own domain-event consumers. */
export { NotificationsModule } from './notifications.module';
export { NotificationsService } from './notifications.service';
