import { Module, type OnModuleInit } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { RequestNotices } from './request-notices';
import { RequestsController } from './requests.controller';
import { RequestsLegacyController } from './requests.legacy.controller';
import { RequestsRepository } from './requests.repository';
import { RequestsService } from './requests.service';

/** Content requests: search, new requests, votes, and the notices of requests the catalog import added (RequestFulfilment). */
@Module({
  imports: [NotificationsModule],
  controllers: [RequestsController, RequestsLegacyController],
  providers: [RequestsRepository, RequestsService, RequestNotices],
})
export class RequestsModule implements OnModuleInit {
  constructor(private readonly notices: RequestNotices) {}

  onModuleInit(): void {
    this.notices.subscribe();
  }
}
