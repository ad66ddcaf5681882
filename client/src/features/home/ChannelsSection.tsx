import { CAROUSELS, encodeDiscoverFilter, type ChannelCard } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { CarouselSection } from '../../ui/Carousel';
import { HOME_TEXT } from './texts';

/** Up to two letters of the channel's name, as Turkish capitalises them ("İnci TV" is "İT"). */
export function channelInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0])
    .join('')
    .toLocaleUpperCase('tr-TR');
}

/** A hue of its own per channel, from its slug, so neighbouring marks tell apart. */
function channelHue(slug: string): number {
  return Array.from(slug).reduce((hue, character) => (hue * 31 + character.charCodeAt(0)) % 360, 7);
}

/** The catalog keeps no channel logos: each channel gets a mark drawn from its name. */
function ChannelMark({ channel }: { channel: ChannelCard }) {
  return (
    <span className="channel-mark" style={{ '--channel-hue': channelHue(channel.slug) } as CSSProperties} aria-hidden="true">
      {channelInitials(channel.name)}
    </span>
  );
}

/** The channels carousel (seed §9): each slide opens the discover page filtered by its channel. */
export function ChannelsSection({ channels }: { channels: ChannelCard[] }) {
  if (channels.length === 0) return null;

  return (
    <CarouselSection
      heading={HOME_TEXT.channels}
      className="home-row"
      headingClassName="home-row__heading"
      previousLabel={HOME_TEXT.previousChannels}
      nextLabel={HOME_TEXT.nextChannels}
      layout={CAROUSELS.channels}
    >
      {channels.map((channel) => (
        <Link
          key={channel.slug}
          to="/kesfet/$filter"
          params={{ filter: encodeDiscoverFilter({ channel: channel.slug }) }}
          className="channel-slide"
          aria-label={HOME_TEXT.channelTitles(channel.name)}
        >
          <ChannelMark channel={channel} />
          <span className="channel-slide__name">{channel.name}</span>
        </Link>
      ))}
    </CarouselSection>
  );
}
