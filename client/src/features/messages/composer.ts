import { MESSAGE_RULES, PRIVATE_MESSAGE_MESSAGES as M, messageTextSchema } from '@seyirlik/shared-contracts';
import type { ComposerRules } from '../rooms/ChatComposer';

/** The private messages' write box (the chat's ChatComposer with the messages' schema, limit and words). */
export const MESSAGE_COMPOSER: ComposerRules = {
  schema: messageTextSchema,
  maxLength: MESSAGE_RULES.maxLength,
  placeholder: M.writePlaceholder,
  remaining: M.remaining,
  send: M.send,
};
