import { Controller, type OnModuleInit } from '@nestjs/common';
import { chatCursorSchema, chatTextSchema, createRoomBodySchema, sendKeySchema } from '@seyirlik/shared-contracts';
import { AjaxServiceRegistry } from '../platform/http/ajax-service.registry';
import { LoginRequiredException, parseInput } from '../platform/http/app-exception';
import { RoomsService } from './rooms.service';
import { renderChatTheme } from './theme/render-chat-theme';

/**
 * The legacy `invite`: an `invite[]` form array, a comma list ("3,5") or a JSON array ("[3,5]");
 * absent or empty is nobody. Anything else is left for the schema to refuse.
 */
function legacyInviteList(value: unknown): unknown {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'number') return [value];
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text.startsWith('[')) return text.split(',').map((id) => id.trim());
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/**
 * The seed's room calls on `/ajax/service` (§7); visitors get the session flag.
 * `create_room` (e_id, title, invite) → link (and code); `add_chat` (code, data, and optionally
 * client_key, an idempotency key a retry repeats) → theme, the stored message rendered (and id, its
 * sequence); `get_chat` (code, id) → theme, the messages after the
 * cursor `id`, oldest first, each with `data-id="{seq}"`, and id, the cursor to send next.
 */
@Controller()
export class RoomsLegacyController implements OnModuleInit {
  constructor(
    private readonly roomsService: RoomsService,
    private readonly ajaxService: AjaxServiceRegistry,
  ) {}

  onModuleInit(): void {
    this.ajaxService.register('create_room', async (body, request) => {
      if (!request.viewer) throw new LoginRequiredException();
      const creation = parseInput(createRoomBodySchema, { episodeId: body.e_id, title: body.title, invite: legacyInviteList(body.invite) });
      const { code, link } = await this.roomsService.create(request.viewer.user.id, creation);
      return { link, code };
    });
    this.ajaxService.register('add_chat', async (body, request) => {
      if (!request.viewer) throw new LoginRequiredException();
      const send = { text: parseInput(chatTextSchema, body.data), clientKey: parseInput(sendKeySchema, body.client_key) };
      const message = await this.roomsService.sendMessage(request.viewer.user.id, body.code, send);
      return { theme: renderChatTheme([message]), id: message.seq };
    });
    this.ajaxService.register('get_chat', async (body, request) => {
      if (!request.viewer) throw new LoginRequiredException();
      const cursor = parseInput(chatCursorSchema, body.id ?? 0);
      const { messages } = await this.roomsService.messagesAfter(request.viewer.user.id, body.code, cursor);
      return { theme: renderChatTheme(messages), id: messages.at(-1)?.seq ?? cursor };
    });
  }
}
