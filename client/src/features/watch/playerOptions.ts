import type Plyr from 'plyr';
import { PLAYER_I18N } from './texts';

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
    settings: choosable ? ['captions', 'quality', 'speed'] : ['captions', 'speed'],
    ...(choosable ? { quality: { default: heights[0]!, options: heights, forced: true, onChange: onQualityChange } } : {}),
  };
}
