import { DISCUSSION_MESSAGES as M, type TitleKind } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';

/** On a title's page: opens the new-topic form bound to that title (the seed's `newTopic2`). */
export function OpenTopicLink({ title }: { title: { kind: TitleKind; slug: string } }) {
  return (
    <Link to="/tartismalar" search={{ icerik: `${title.kind}/${title.slug}` }} className="button button--secondary">
      {M.openAboutTitle}
    </Link>
  );
}
