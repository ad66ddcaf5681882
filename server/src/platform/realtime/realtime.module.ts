import { Global, Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeService } from './realtime.service';
import { SOCKET_IDENTITY, type SocketIdentityResolver } from './realtime.types';

/** Until accounts exist every socket is a visitor's; the accounts feature overrides SOCKET_IDENTITY. */
const visitorsOnly: SocketIdentityResolver = { resolve: async () => null };

@Global()
@Module({
  providers: [RealtimeGateway, RealtimeService, { provide: SOCKET_IDENTITY, useValue: visitorsOnly }],
  exports: [RealtimeService],
})
export class RealtimeModule {}
