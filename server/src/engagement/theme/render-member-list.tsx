import { ENGAGEMENT_MESSAGES as M, TITLE_KIND_LABELS, titlePath, watchPath, type TitleCard } from '@seyirlik/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';

/** A title of a member's list; `resume` for the continue-watching list. */
export interface MemberListItem {
  title: TitleCard;
  resume: { season: number; episode: number; positionSeconds: number } | null;
}

function MemberListEntry({ item: { title, resume } }: { item: MemberListItem }) {
  const link = resume ? watchPath({ kind: title.kind, slug: title.slug, season: resume.season, episode: resume.episode }) : titlePath(title);
  return (
    <li className="member-list__item">
      <a href={link} className="member-list__link">
        <img src={title.posterUrl} alt="" className="member-list__poster" width={96} height={144} loading="lazy" />
        <span className="member-list__name">{title.name}</span>
        <span className="member-list__meta">
          {title.year} · {TITLE_KIND_LABELS[title.kind]}
          {resume && ` · ${resume.season}. sezon ${resume.episode}. bölüm · ${M.positionAt(Math.floor(resume.positionSeconds / 60))}`}
        </span>
      </a>
    </li>
  );
}

/** `getList`'s `data`: the titles as links with posters, or the empty note; rendered by React, so every text is escaped. */
export function renderMemberList(items: MemberListItem[]): string {
  if (items.length === 0) return renderToStaticMarkup(<p className="member-list__empty">{M.listEmpty}</p>);
  return renderToStaticMarkup(
    <ul className="member-list">
      {items.map((item) => (
        <MemberListEntry key={`${item.title.kind}/${item.title.slug}`} item={item} />
      ))}
    </ul>,
  );
}
