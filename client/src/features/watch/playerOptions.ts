import type Plyr from 'plyr';
import { PLAYER_I18N } from './texts';

/** The element around a player and what is drawn over it (WatchPage's CinemaStage, RoomPlayer). */
export const PLAYER_FRAME = '.watch-player';

/** A source's tiers ("1080p", best first) as the picture heights plyr's quality menu lists; a tier of another form is left out. */
export function qualityHeights(tiers: readonly string[]): number[] {
  return tiers.flatMap((tier) => {
    const height = /^(\d{3,4})p$/.exec(tier)?.[1];
    return height ? [Number(height)] : [];
  });
}

/**
 * plyr's options for a source: its icons, every label in Turkish, and the source's tiers as the
 * quality menu, the best first, from two tiers on (with fewer there is nothing to choose, and the
 * settings menu leaves the item out rather than hold it hidden with no value). A choice goes to
 * `onQualityChange`, since a source is one link whatever its tiers (an HLS playlist's levels follow it).
 * Full screen takes the player's frame (PLAYER_FRAME), not plyr's own box, so what is drawn over the
 * video beside plyr (the skip button, timed comments, the heat strip) stays in front of it there too.
 */
export function playerOptions({
  iconUrl,
  tiers,
  onQualityChange,
}: {
  iconUrl: string;
  tiers: readonly string[];
  onQualityChange: (height: number) => void;
}): Plyr.Options {
  const heights = qualityHeights(tiers);
  const choosable = heights.length > 1;
  return {
    iconUrl,
    i18n: PLAYER_I18N,
    fullscreen: { enabled: true, fallback: true, iosNative: false, container: PLAYER_FRAME },
    settings: choosable ? ['captions', 'quality', 'speed'] : ['captions', 'speed'],
    ...(choosable ? { quality: { default: heights[0]!, options: heights, forced: true, onChange: onQualityChange } } : {}),
  };
}
