import type { SourceKind } from '@seyirlik/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';

/** An episode in a legacy list fragment. */
export interface EpisodeListItem {
  path: string;
  titleName: string;
  season: number;
  number: number;
  name: string;
  posterUrl: string;
}

/** The player of a `get_stream` reply: a video for files and playlists, a frame for embed pages. */
function PlayerFragment({ kind, link, name }: { kind: SourceKind; link: string; name: string }) {
  if (kind === 'embed') {
    return <iframe className="player-embed" src={link} title={name} allow="autoplay; fullscreen" allowFullScreen />;
  }
  return <video className="player-video" src={link} title={name} controls playsInline preload="metadata" />;
}

function EpisodeList({ items }: { items: EpisodeListItem[] }) {
  return (
    <>
      {items.map((item) => (
        <a key={item.path} className="episode-item" href={item.path}>
          <img src={item.posterUrl} alt="" loading="lazy" />
          <span className="episode-item__title">{item.titleName}</span>
          <span className="episode-item__number">{`${item.season}. Sezon ${item.number}. Bölüm`}</span>
          <span className="episode-item__name">{item.name}</span>
        </a>
      ))}
    </>
  );
}

/** A small page holding one demo clip, for the demo catalog's embed sources. */
function EmbedPage({ clip, videoUrl }: { clip: string; videoUrl: string }) {
  return (
    <html lang="tr">
      <head>
        <meta charSet="utf-8" />
        <title>{`Seyirlik oynatıcı: ${clip}`}</title>
        <style>{'html,body{margin:0;height:100%;background:#000}video{width:100%;height:100%}'}</style>
      </head>
      <body>
        <video src={videoUrl} controls playsInline preload="metadata" />
      </body>
    </html>
  );
}

/** Every catalog text is escaped by React: the fragments are never built by concatenation. */
export const renderPlayerTheme = (source: { kind: SourceKind; link: string; name: string }): string =>
  renderToStaticMarkup(<PlayerFragment {...source} />);

export const renderEpisodeListTheme = (items: EpisodeListItem[]): string => renderToStaticMarkup(<EpisodeList items={items} />);

export const renderEmbedPage = (clip: string, videoUrl: string): string =>
  `<!doctype html>${renderToStaticMarkup(<EmbedPage clip={clip} videoUrl={videoUrl} />)}`;
