import { Module, type OnModuleInit } from '@nestjs/common';
import { rooms } from '@seyirlik/shared-contracts';
import { StreamHeads } from '../platform/realtime/stream-heads';
import { ConversationPresence } from './conversation-presence';
import { MessagesController } from './messages.controller';
import { MessagesGateway } from './messages.gateway';
import { MessagesLegacyController } from './messages.legacy.controller';
import { MessagesRepository } from './messages.repository';
import { MessagesService } from './messages.service';

/** Private messages: conversations between two members, live on both members' `user:` channels. */
@Module({
  controllers: [MessagesController, MessagesLegacyController],
  providers: [MessagesRepository, MessagesService, ConversationPresence, MessagesGateway],
  exports: [ConversationPresence, MessagesService],
})
export class MessagesModule implements OnModuleInit {
  constructor(
    private readonly messages: MessagesService,
    private readonly streamHeads: StreamHeads,
  ) {}

  /** A conversation's stream is delivered on its two members' own channels. */
  onModuleInit(): void {
    this.streamHeads.register('conversation', async (hash) => (await this.messages.memberIds(hash)).map((id) => rooms.user(id)));
  }
}
