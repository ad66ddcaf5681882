import type { ChatMessage } from '@seyirlik/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChatMessages } from './ChatMessages';

/** The `theme` of `add_chat` and `get_chat`: rendered by React, so every text members wrote is escaped. */
export function renderChatTheme(messages: ChatMessage[]): string {
  return renderToStaticMarkup(<ChatMessages messages={messages} />);
}
