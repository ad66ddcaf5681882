import type { PrivateMessage } from '@seyirlik/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { PrivateMessages } from './PrivateMessages';

/** The `theme` (and `getMessage`'s `message`) of the legacy message calls: rendered by React, so every text members wrote is escaped. */
export function renderMessageTheme(messages: PrivateMessage[], viewerId: number): string {
  return renderToStaticMarkup(<PrivateMessages messages={messages} viewerId={viewerId} />);
}
