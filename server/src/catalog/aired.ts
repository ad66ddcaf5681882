/**
 * The one definition of "aired": an episode can be watched (and commented on, and watched
 * together) from its air time on. Every query that filters on it writes this condition, for the
 * alias its episode table has there.
 */
export const airedSql = (episodeAlias: string): string => `${episodeAlias}.air_at <= now()`;
