/** What other features use of the catalog: a title named by its address, what "aired" means, new episodes' releases. */
export { titleReferenceAt, type TitleReference } from './title-lookup';
export { airedSql } from './aired';
export type { EpisodeReleasedEvent } from './release/episode-releases';
export { titleCardColumns, toTitleCard, type TitleCardSource } from './catalog.service';
