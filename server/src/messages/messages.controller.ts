import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  conversationSearchSchema,
  markReadBodySchema,
  messagePageQuerySchema,
  sendPrivateMessageBodySchema,
  startConversationBodySchema,
  type ConversationList,
  type ConversationView,
  type PrivateMessage,
  type PrivateMessagePage,
  type ReadState,
  type UnreadConversations,
} from '@seyirlik/shared-contracts';
import { CurrentViewer, MemberGuard, type Viewer } from '../accounts';
import { parseInput } from '../platform/http/app-exception';
import { MessagesService } from './messages.service';

/** The JSON API of private messages, for members only (401 otherwise); a conversation's routes for its two members only (404). */
@Controller('api/conversations')
@UseGuards(MemberGuard)
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  /** Newest first; `q` keeps those whose other member's name contains it. */
  @Get()
  list(@CurrentViewer() viewer: Viewer, @Query('q') query: unknown): Promise<ConversationList> {
    return this.messages.list(viewer.user.id, parseInput(conversationSearchSchema, query));
  }

  /** A first message to a member (the send-message modal), starting the conversation when there is none. */
  @Post()
  start(@CurrentViewer() viewer: Viewer, @Body() body: unknown): Promise<PrivateMessage> {
    const { username, ...send } = parseInput(startConversationBodySchema, body ?? {});
    return this.messages.sendTo(viewer.user.id, { username }, send);
  }

  @Get('unread')
  unread(@CurrentViewer() viewer: Viewer): Promise<UnreadConversations> {
    return this.messages.unread(viewer.user.id);
  }

  /** The messages page's `?user=NAME`: the conversation with that member, or the one a first message starts. */
  @Get('with/:username')
  with(@CurrentViewer() viewer: Viewer, @Param('username') username: string): Promise<ConversationView> {
    return this.messages.viewWith(viewer.user.id, { username });
  }

  @Get(':hash')
  view(@CurrentViewer() viewer: Viewer, @Param('hash') hash: string): Promise<ConversationView> {
    return this.messages.view(viewer.user.id, hash);
  }

  /** `before=SEQ` an older page (scroll up), `after=SEQ` the catch-up, neither the newest page. */
  @Get(':hash/messages')
  page(@CurrentViewer() viewer: Viewer, @Param('hash') hash: string, @Query() query: unknown): Promise<PrivateMessagePage> {
    return this.messages.messages(viewer.user.id, hash, parseInput(messagePageQuerySchema, query ?? {}));
  }

  @Post(':hash/messages')
  send(@CurrentViewer() viewer: Viewer, @Param('hash') hash: string, @Body() body: unknown): Promise<PrivateMessage> {
    return this.messages.send(viewer.user.id, hash, parseInput(sendPrivateMessageBodySchema, body ?? {}));
  }

  @Post(':hash/read')
  @HttpCode(200)
  read(@CurrentViewer() viewer: Viewer, @Param('hash') hash: string, @Body() body: unknown): Promise<ReadState> {
    return this.messages.markRead(viewer.user.id, hash, parseInput(markReadBodySchema, body ?? {}).seq ?? null);
  }
}
