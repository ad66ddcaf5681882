import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CoalescedCounts } from './coalesced-counts';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeService } from './realtime.service';
import { PROCESS_ROLE } from './realtime.types';
import { RoomAccessRegistry } from './room-access.registry';
import { SocketSessionRecheck } from './socket-session-recheck';
import { StreamHeads } from './stream-heads';

/**
 * RealtimeService in every process; the gateway (sockets) and the re-check of their sessions in server processes only.
 * The gateway reads identities through SOCKET_IDENTITY, which the accounts feature provides.
 */
@Global()
@Module({})
export class RealtimeModule {
  static forRole(role: 'server' | 'worker'): DynamicModule {
    return {
      module: RealtimeModule,
      providers: [
        { provide: PROCESS_ROLE, useValue: role },
        RealtimeService,
        CoalescedCounts,
        RoomAccessRegistry,
        StreamHeads,
        ...(role === 'server' ? [RealtimeGateway, SocketSessionRecheck] : []),
      ],
      exports: [RealtimeService, CoalescedCounts, RoomAccessRegistry, StreamHeads, ...(role === 'server' ? [SocketSessionRecheck] : [])],
    };
  }
}
