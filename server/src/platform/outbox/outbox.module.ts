import { Global, Module } from '@nestjs/common';
import { OutboxRelay } from './outbox-relay';
import { OutboxRepository } from './outbox.repository';

/** The outbox table's SQL for publishers (events, jobs) and the relay that hands its rows on. */
@Global()
@Module({ providers: [OutboxRepository, OutboxRelay], exports: [OutboxRepository, OutboxRelay] })
export class OutboxModule {}
