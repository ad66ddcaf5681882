import type { PollView } from '@seyirlik/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { PollBlock } from './PollBlock';

/** The poll's legacy `theme` fragment, rendered by React: the question and answers are escaped. */
export const renderPoll = (poll: PollView, groupId: number | null = null): string => renderToStaticMarkup(<PollBlock poll={poll} groupId={groupId} />);
