import type { TitleDetail, WatchData } from '@seyirlik/shared-contracts';
import type { CommentTarget } from './commentsApi';

/** A title page's comments: its own and its episodes'. */
export const titlePageTarget = (title: Pick<TitleDetail, 'kind' | 'slug'>): CommentTarget => ({ kind: 'title', titleKind: title.kind, slug: title.slug });

/** A watch page's comments: the episode's or, for a film (whose one episode is the film), the film's. */
export const watchPageTarget = (watch: WatchData): CommentTarget =>
  watch.title.kind === 'film' ? titlePageTarget(watch.title) : { kind: 'episode', episodeId: watch.episode.id };
