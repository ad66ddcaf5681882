import type { SourceStream, WatchSource } from '@seyirlik/shared-contracts';
import type HlsPlayer from 'hls.js';
import 'plyr/dist/plyr.css';
import plyrIconUrl from 'plyr-icons.svg?url';
import { type ReactNode, useEffect, useRef } from 'react';
import { playerOptions } from './playerOptions';
import { WATCH_TEXT } from './texts';
import type { PlaybackTracker } from './playbackTracker';

/** A source chosen to play: the episode's source and the stream it opened. */
export interface SelectedSource {
  source: WatchSource;
  stream: SourceStream;
}

/**
 * The player of the chosen source (a new player for each source), or `placeholder` in the
 * player's frame while no source is open yet. The watch page and a room's stage both show it.
 */
export function SelectedSourcePlayer({
  selected,
  playing,
  track,
  placeholder,
}: {
  selected: SelectedSource | null;
  playing: boolean;
  track: PlaybackTracker;
  placeholder: ReactNode;
}) {
  if (!selected) return <div className="watch-player__placeholder">{placeholder}</div>;
  return (
    <VideoPlayer
      key={selected.source.id}
      stream={selected.stream}
      name={selected.source.name}
      tiers={selected.source.tiers}
      playing={playing}
      track={track}
    />
  );
}

/**
 * plyr on a <video>, in the site's colours with every label in Turkish, with hls.js for an HLS
 * playlist when the browser cannot play one itself; an embed page in an iframe. Both libraries
 * load on demand, so only this page pays for them. `tiers` are the source's quality levels (the
 * quality menu); `playing` asks for playback (once the pre-roll ads are over); `track` follows the
 * position.
 */
export function VideoPlayer({
  stream,
  name,
  tiers,
  playing,
  track,
}: {
  stream: SourceStream;
  name: string;
  tiers: readonly string[];
  playing: boolean;
  track: PlaybackTracker;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const playingRef = useRef(playing);
  playingRef.current = playing;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || stream.kind === 'embed') return undefined;
    let cancelled = false;
    const cleanups: Array<() => void> = [];
    // Before the source is set, so the start position applies as soon as the video knows its length.
    const untrack = track(video);
    void (async () => {
      const { default: Plyr } = await import('plyr');
      if (cancelled) return;
      let playlist: HlsPlayer | null = null;
      if (stream.kind === 'hls' && !video.canPlayType('application/vnd.apple.mpegurl')) {
        const { default: Hls } = await import('hls.js');
        if (cancelled) return;
        if (Hls.isSupported()) {
          const hls = new Hls();
          hls.loadSource(stream.link);
          hls.attachMedia(video);
          playlist = hls;
          cleanups.push(() => hls.destroy());
        }
      } else {
        video.src = stream.link;
      }
      // A quality choice picks the playlist's level of that height (automatic when it has none); an MP4 is one file whatever its tiers.
      const onQualityChange = (height: number) => {
        if (playlist) playlist.currentLevel = playlist.levels.findIndex((level) => level.height === height);
      };
      const player = new Plyr(video, playerOptions({ iconUrl: plyrIconUrl, tiers, onQualityChange }));
      cleanups.unshift(() => player.destroy());
      if (playingRef.current) video.play().catch(() => undefined);
    })();
    return () => {
      cancelled = true;
      // First, while the video still has its source and position.
      untrack();
      cleanups.forEach((cleanup) => cleanup());
      video.removeAttribute('src');
    };
  }, [stream, tiers, track]);

  useEffect(() => {
    const video = videoRef.current;
    if (!playing || !video || !video.currentSrc) return;
    video.play().catch(() => undefined);
  }, [playing]);

  if (stream.kind === 'embed') {
    return <iframe className="watch-player__embed" src={stream.link} title={name} allow="autoplay; fullscreen" allowFullScreen />;
  }
  return (
    <div className="watch-player__video">
      <video ref={videoRef} aria-label={WATCH_TEXT.playerLabel} playsInline preload="metadata" />
    </div>
  );
}
