import type { MemberBadge } from '@seyirlik/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { BadgeItems } from './BadgeItems';

/** The `theme` of `/user/badges/load`: rendered by React, so every text is escaped. */
export function renderBadgeTheme(badges: MemberBadge[]): string {
  return renderToStaticMarkup(<BadgeItems badges={badges} />);
}
