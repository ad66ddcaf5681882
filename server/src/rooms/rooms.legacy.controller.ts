import { Controller, type OnModuleInit } from '@nestjs/common';
import { legacyAddChatSchema, legacyCreateRoomSchema, legacyGetChatSchema, roomCodeSchema } from '@seyirlik/shared-contracts';
import { sessionKeyOf } from '../accounts';
import { LegacyCallRegistry } from '../platform/http/legacy-call.registry';
import { RoomsService } from './rooms.service';
import { renderChatTheme } from './theme/render-chat-theme';

/**
 * The seed's room calls on `/ajax/service` (§7); visitors get the session flag.
 * `create_room` (e_id, title, invite) → link (and code); `add_chat` (code, data, and optionally
 * client_key, an idempotency key a retry repeats) → theme, the stored message rendered (and id, its
 * sequence); `get_chat` (code, id) → theme, the messages after the
 * cursor `id`, oldest first, each with `data-id="{seq}"`, and id, the cursor to send next.
 * `add_chat` and `get_chat` (every legacy client polls every 5 s) also have a direct way before
 * the Nest pipeline, the member resolved inside the one statement of each (see DirectLegacyHandler).
 */
@Controller()
export class RoomsLegacyController implements OnModuleInit {
  constructor(
    private readonly roomsService: RoomsService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      type: 'create_room',
      login: true,
      schema: legacyCreateRoomSchema,
      handle: async (creation, { viewer }) => {
        const { code, link } = await this.roomsService.create(viewer.user.id, creation);
        return { link, code };
      },
    });
    this.legacy.register({
      type: 'add_chat',
      login: true,
      schema: legacyAddChatSchema,
      handle: async ({ code, data, client_key }, { viewer }) => {
        const message = await this.roomsService.sendMessage(viewer.user.id, code, { text: data, clientKey: client_key });
        return { theme: renderChatTheme([message]), id: message.seq };
      },
      direct: async ({ code, data, client_key }, sessionToken) => {
        const room = roomCodeSchema.safeParse(code);
        const sessionKey = sessionKeyOf(sessionToken);
        if (!room.success || sessionKey === null) return null;
        const message = await this.roomsService.sendMessageBySession(sessionKey, room.data, { text: data, clientKey: client_key });
        return message && { theme: renderChatTheme([message]), id: message.seq };
      },
    });
    this.legacy.register({
      type: 'get_chat',
      login: true,
      schema: legacyGetChatSchema,
      handle: async ({ code, id }, { viewer }) => {
        const { messages } = await this.roomsService.messagesAfter(viewer.user.id, code, id);
        return { theme: renderChatTheme(messages), id: messages.at(-1)?.seq ?? id };
      },
      direct: async ({ code, id }, sessionToken) => {
        const room = roomCodeSchema.safeParse(code);
        const sessionKey = sessionKeyOf(sessionToken);
        if (!room.success || sessionKey === null) return null;
        const page = await this.roomsService.messagesAfterBySession(sessionKey, room.data, id);
        return page && { theme: renderChatTheme(page.messages), id: page.messages.at(-1)?.seq ?? id };
      },
    });
  }
}
