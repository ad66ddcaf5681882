import type { TitleCard } from '@seyirlik/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { SearchResults } from './SearchResults';

/** The `theme` of /search: rendered by React, so every catalog text is escaped. */
export function renderSearchTheme(titles: TitleCard[]): string {
  return renderToStaticMarkup(<SearchResults titles={titles} />);
}
