import type { SourceStream } from '@seyirlik/shared-contracts';
import 'plyr/dist/plyr.css';
import plyrIconUrl from 'plyr-icons.svg?url';
import { useEffect, useRef } from 'react';
import { WATCH_TEXT } from './texts';
import type { PlaybackTracker } from './usePlaybackPosition';

/**
 * plyr on a <video>, with hls.js for an HLS playlist when the browser cannot play one itself;
 * an embed page in an iframe. Both libraries load on demand, so only this page pays for them.
 * `playing` asks for playback (once the pre-roll ads are over); `track` follows the position.
 */
export function VideoPlayer({
  stream,
  name,
  playing,
  track,
}: {
  stream: SourceStream;
  name: string;
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
      if (stream.kind === 'hls' && !video.canPlayType('application/vnd.apple.mpegurl')) {
        const { default: Hls } = await import('hls.js');
        if (cancelled) return;
        if (Hls.isSupported()) {
          const hls = new Hls();
          hls.loadSource(stream.link);
          hls.attachMedia(video);
          cleanups.push(() => hls.destroy());
        }
      } else {
        video.src = stream.link;
      }
      const player = new Plyr(video, { iconUrl: plyrIconUrl, i18n: { play: 'Oynat', pause: 'Duraklat', mute: 'Sesi kapat', unmute: 'Sesi aç', enterFullscreen: 'Tam ekran', exitFullscreen: 'Tam ekrandan çık', settings: 'Ayarlar', speed: 'Hız', normal: 'Normal' } });
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
  }, [stream, track]);

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
