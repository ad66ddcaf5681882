import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import {
  MESSAGES,
  MESSAGE_RULES,
  conversationTypingCommandSchema,
  conversationViewCommandSchema,
  type ConversationViewReply,
} from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import type { RealtimeSocket } from '../platform/realtime/realtime.types';
import { SignalBudget } from '../platform/realtime/signal-budget';
import { runSocketCommand } from '../platform/realtime/socket-command';
import { ConversationPresence } from './conversation-presence';
import { MessagesService } from './messages.service';

/**
 * Socket signals of private messages: typing, and which conversation a tab has open. Both are a
 * member's, about a conversation the member is in (checked against the database). Typing has no
 * answer: malformed payloads, strangers' hashes and signals past the socket's budget are dropped.
 */
@WebSocketGateway()
export class MessagesGateway {
  private readonly budget = new SignalBudget(MESSAGE_RULES.signalLimit);

  constructor(
    private readonly messages: MessagesService,
    private readonly presence: ConversationPresence,
    private readonly logger: PinoLogger,
  ) {}

  @SubscribeMessage('conversation.typing')
  async typing(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() payload: unknown): Promise<void> {
    await runSocketCommand(
      socket,
      payload,
      {
        event: 'conversation.typing',
        schema: conversationTypingCommandSchema,
        member: true,
        silent: true,
        run: async ({ hash, typing }, { userId }) => {
          if (!this.budget.take(socket)) return;
          const conversation = await this.messages.isMember(userId, hash);
          if (conversation) await this.messages.setTyping(userId, conversation, typing);
        },
      },
      this.logger,
    );
  }

  /** Acknowledged once recorded, so a tab (or a test) knows the view counts from then on. */
  @SubscribeMessage('conversation.view')
  async view(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() payload: unknown): Promise<ConversationViewReply | undefined> {
    return runSocketCommand(
      socket,
      payload,
      {
        event: 'conversation.view',
        schema: conversationViewCommandSchema,
        member: true,
        run: async ({ hash, viewing }, { userId }): Promise<ConversationViewReply> => {
          if (!this.budget.take(socket)) return { ok: false, message: MESSAGES.tooManyRequests };
          const conversation = await this.messages.enter(userId, hash);
          if (viewing) await this.presence.open(socket, userId, conversation.id);
          else await this.presence.close(socket, userId, conversation.id);
          return { ok: true };
        },
      },
      this.logger,
    );
  }
}
