import { Controller, HttpStatus, type OnModuleInit } from '@nestjs/common';
import {
  PRIVATE_MESSAGE_MESSAGES as M,
  conversationHashSchema,
  legacyGetConversationSchema,
  legacyGetMessagesSchema,
  legacySendMessageSchema,
  profilePath,
  type ConversationView,
} from '@seyirlik/shared-contracts';
import type { z } from 'zod';
import { sessionKeyOf } from '../accounts';
import { AppException } from '../platform/http/app-exception';
import { LegacyCallRegistry } from '../platform/http/legacy-call.registry';
import { MessagesService } from './messages.service';
import { renderMessageTheme } from './theme/render-message-theme';

/** The conversation a legacy call names: by `hash`, or by `id` the other member; both must agree. */
async function conversationOf(messages: MessagesService, userId: number, fields: { hash?: string; id?: number }): Promise<ConversationView> {
  const view = fields.hash !== undefined ? await messages.view(userId, fields.hash) : await messages.viewWith(userId, { id: fields.id! });
  if (fields.hash !== undefined && fields.id !== undefined && view.other.id !== fields.id) throw new AppException(HttpStatus.BAD_REQUEST, M.recipientMismatch);
  return view;
}

/**
 * The seed's message calls (§7); visitors get the session flag. A conversation is named by `hash`
 * or by `id`, the other member.
 * `sendMessage` and `/user/send/message` (message, hash or id, first, optional client_key) →
 * message (the Turkish confirmation), theme (the stored message rendered), hash, id (its sequence).
 * `/user/get/message` (hash or id) → user (profile: the profile's address, name, username,
 * avatar), theme (the newest page of messages), hash and id (the newest sequence); it marks the
 * conversation read, as selecting it does. `getMessage` (hash, id a sequence) → message (the
 * messages after `id` rendered), send (whether the viewer may write there), id (the cursor to send next).
 * `sendMessage` by hash alone also has a direct way before the Nest pipeline, as `add_chat` does.
 */
@Controller()
export class MessagesLegacyController implements OnModuleInit {
  constructor(
    private readonly messages: MessagesService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    const send = async (input: z.output<typeof legacySendMessageSchema>, userId: number) => {
      const sendInput = { text: input.message, clientKey: input.client_key };
      // By hash alone the send statement checks the conversation itself; with an id as well, the two must agree first.
      if (input.hash !== undefined && input.id !== undefined) await conversationOf(this.messages, userId, input);
      const message =
        input.hash !== undefined ? await this.messages.send(userId, input.hash, sendInput) : await this.messages.sendTo(userId, { id: input.id! }, sendInput);
      return { message: M.sent, theme: renderMessageTheme([message], userId), hash: message.hash, id: message.seq };
    };
    this.legacy.register({
      type: 'sendMessage',
      login: true,
      schema: legacySendMessageSchema,
      handle: (input, { viewer }) => send(input, viewer.user.id),
      // A send to a conversation by its hash alone, the member resolved in the one statement.
      direct: async (input, sessionToken) => {
        const hash = conversationHashSchema.safeParse(input.hash);
        const sessionKey = sessionKeyOf(sessionToken);
        if (!hash.success || input.id !== undefined || sessionKey === null) return null;
        const message = await this.messages.sendBySession(sessionKey, hash.data, { text: input.message, clientKey: input.client_key });
        return message && { message: M.sent, theme: renderMessageTheme([message], message.sender.id), hash: message.hash, id: message.seq };
      },
    });
    this.legacy.register({ path: '/user/send/message', login: true, schema: legacySendMessageSchema, handle: (input, { viewer }) => send(input, viewer.user.id) });

    this.legacy.register({
      path: '/user/get/message',
      login: true,
      schema: legacyGetConversationSchema,
      handle: async (input, { viewer }) => {
        const userId = viewer.user.id;
        const view = await conversationOf(this.messages, userId, input);
        const user = { profile: profilePath(view.other.username), name: view.other.profileName, username: view.other.username, avatar: view.other.avatarUrl };
        if (view.hash === null) return { user, theme: '', hash: null, id: 0 };
        const { messages } = await this.messages.messages(userId, view.hash, { before: null, after: null });
        await this.messages.markRead(userId, view.hash, null);
        return { user, theme: renderMessageTheme(messages, userId), hash: view.hash, id: view.lastSeq };
      },
    });

    this.legacy.register({
      type: 'getMessage',
      login: true,
      schema: legacyGetMessagesSchema,
      handle: async ({ hash, id }, { viewer }) => {
        const userId = viewer.user.id;
        const { messages } = await this.messages.messages(userId, hash, id === 0 ? { before: null, after: null } : { before: null, after: id });
        const send = await this.messages.maySend(userId, hash);
        return { message: renderMessageTheme(messages, userId), send, id: messages.at(-1)?.seq ?? id };
      },
    });
  }
}
