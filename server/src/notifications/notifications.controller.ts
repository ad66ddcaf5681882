import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  notificationIdSchema,
  notificationListQuerySchema,
  notificationMutesBodySchema,
  notificationsAfterQuerySchema,
  type NotificationMutes,
  type NotificationPage,
  type NotificationsAfter,
  type NotificationsRead,
} from '@seyirlik/shared-contracts';
import { CurrentViewer, MemberGuard, type Viewer } from '../accounts';
import { parseInput } from '../platform/http/app-exception';
import { NotificationsService } from './notifications.service';

/** The JSON API of the member's own notifications, for members only (401 otherwise). */
@Controller('api/notifications')
@UseGuards(MemberGuard)
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /** `?page=N` from 1, newest first. */
  @Get()
  list(@CurrentViewer() viewer: Viewer, @Query() query: unknown): Promise<NotificationPage> {
    return this.notifications.list(viewer.user.id, parseInput(notificationListQuerySchema, query ?? {}).page);
  }

  /** `?after=SEQ`: what the client catches up and polls with, oldest first. */
  @Get('after')
  after(@CurrentViewer() viewer: Viewer, @Query() query: unknown): Promise<NotificationsAfter> {
    return this.notifications.after(viewer.user.id, parseInput(notificationsAfterQuerySchema, query ?? {}).after);
  }

  /** Marks all of the member's notifications read (the JSON twin of `readNotification`). */
  @Post('read')
  @HttpCode(200)
  readAll(@CurrentViewer() viewer: Viewer): Promise<NotificationsRead> {
    return this.notifications.markRead(viewer.user.id, null);
  }

  @Post(':id/read')
  @HttpCode(200)
  readOne(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<NotificationsRead> {
    return this.notifications.markRead(viewer.user.id, parseInput(notificationIdSchema, id));
  }

  @Get('mutes')
  mutes(@CurrentViewer() viewer: Viewer): Promise<NotificationMutes> {
    return this.notifications.mutes(viewer.user.id);
  }

  /** `{ muted: [...] }`: the kinds the member does not want, replacing the earlier choice. */
  @Put('mutes')
  setMutes(@CurrentViewer() viewer: Viewer, @Body() body: unknown): Promise<NotificationMutes> {
    return this.notifications.setMutes(viewer.user.id, parseInput(notificationMutesBodySchema, body ?? {}).muted);
  }
}
