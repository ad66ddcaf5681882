import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AccountsModule } from './accounts/accounts.module';
import { CatalogModule } from './catalog/catalog.module';
import { CommentsModule } from './comments/comments.module';
import { MailModule } from './mail/mail.module';
import { MediaModule } from './media/media.module';
import type { Logger } from 'pino';
import type { AppConfig } from './platform/config/config';
import { ConfigModule } from './platform/config/config.module';
import { DatabaseModule } from './platform/database/database.module';
import { DomainEventsModule } from './platform/events/domain-events';
import { HttpModule } from './platform/http/http.module';
import { ReadCacheModule } from './platform/http/read-cache/read-cache.module';
import { JobsModule } from './platform/jobs/jobs.module';
import { OutboxModule } from './platform/outbox/outbox.module';
import { RateLimitModule } from './platform/rate-limit/rate-limit.module';
import { RealtimeModule } from './platform/realtime/realtime.module';
import { RedisModule } from './platform/redis/redis.module';
import { RoomsModule } from './rooms/rooms.module';
import { MessagesModule } from './messages/messages.module';
import { NotificationsModule } from './notifications/notifications.module';
import { EpisodeFanOutModule } from './notifications/fan-out/episode-fan-out.module';
import { FlowModule } from './flow/flow.module';
import { BadgesModule } from './badges/badges.module';
import { CollectionsModule } from './collections/collections.module';
import { DiscussionsModule } from './discussions/discussions.module';
import { RequestsModule } from './requests/requests.module';
import { SupportModule } from './support/support.module';
import { EngagementModule } from './engagement/engagement.module';
import { SkipSegmentsModule } from './skip-segments/skip-segments.module';
import { DemoModule } from './demo/demo.module';

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  logger: Logger;
  /** A server answers HTTP and sockets; a worker only runs jobs (its modules' routes are never mounted). */
  role: 'server' | 'worker';
}

/** Feature modules, shared by the server and the worker. */
const FEATURE_MODULES = [MailModule, MediaModule, AccountsModule, CatalogModule, RoomsModule, CommentsModule, MessagesModule, NotificationsModule, EpisodeFanOutModule, BadgesModule, FlowModule, CollectionsModule, DiscussionsModule, RequestsModule, SupportModule, EngagementModule, SkipSegmentsModule];

@Module({})
export class AppModule {
  static forRoot({ config, databaseUrl, logger, role }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        // The root logger for Nest's own logging; no per-request binding (the request log is a Fastify hook).
        LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true, forRoutes: [] }),
        DatabaseModule.forRoot(databaseUrl),
        RedisModule,
        OutboxModule,
        JobsModule,
        RateLimitModule,
        RealtimeModule.forRole(role),
        DomainEventsModule,
        HttpModule,
        ReadCacheModule.forRole(role, databaseUrl),
        ...FEATURE_MODULES,
        ...(role === 'server' ? [DemoModule] : []),
      ],
    };
  }
}
