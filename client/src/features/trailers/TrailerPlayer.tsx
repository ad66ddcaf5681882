import { useEffect, useRef } from 'react';
import { trailerKind } from './trailerKind';

/**
 * One trailer, playing at once (the person just asked for it): a video for files and playlists
 * (hls.js, loaded on demand, where the browser cannot play HLS itself), a frame for embed pages.
 * Unmounting it (another tab, the modal closed) stops playback and the download.
 */
export function TrailerPlayer({ url, label }: { url: string; label: string }) {
  const kind = trailerKind(url);
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    let cancelled = false;
    let destroyHls: (() => void) | undefined;
    if (kind === 'hls' && !video.canPlayType('application/vnd.apple.mpegurl')) {
      void import('hls.js').then(({ default: Hls }) => {
        if (cancelled || !Hls.isSupported()) return;
        const hls = new Hls();
        hls.loadSource(url);
        hls.attachMedia(video);
        destroyHls = () => hls.destroy();
      });
    } else {
      video.src = url;
    }
    return () => {
      cancelled = true;
      video.pause();
      destroyHls?.();
      video.removeAttribute('src');
      video.load();
    };
  }, [kind, url]);

  if (kind === 'embed') {
    return <iframe className="trailer-player" src={url} title={label} allow="autoplay; fullscreen" allowFullScreen />;
  }
  return <video ref={videoRef} className="trailer-player" aria-label={label} controls autoPlay playsInline />;
}
