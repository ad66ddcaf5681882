#!/usr/bin/env bash
# Remakes the demo catalog's sample clips in server/assets/demo/media from ffmpeg's own test
# sources (nothing is downloaded): three 8 s programme clips as MP4 and as HLS (two ~4 s
# segments each), two 6 s pre-roll ad clips with a cover image. H.264 baseline + AAC at low
# bitrates keep the folder well under 3 MB. Needs ffmpeg (Debian: apt-get install -y ffmpeg).
set -euo pipefail
cd "$(dirname "$0")/.."

out=server/assets/demo/media
mkdir -p "$out"
rm -f "$out"/*.mp4 "$out"/*.m3u8 "$out"/*.ts "$out"/*.jpg

# Same settings for every clip; bitexact and no metadata so a remake gives the same bytes.
# A keyframe every 2 s (48 frames at 24 fps) lets HLS cut ~4 s segments without re-encoding.
encode() {
  local name=$1 seconds=$2 video=$3 tone=$4
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "${video}" \
    -f lavfi -i "sine=frequency=${tone}:sample_rate=44100:duration=${seconds}" \
    -t "$seconds" -map 0:v -map 1:a \
    -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset slow \
    -b:v 150k -maxrate 200k -bufsize 400k -g 48 -keyint_min 48 -sc_threshold 0 -threads 1 \
    -c:a aac -b:a 48k -ac 1 \
    -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    -movflags +faststart \
    "$out/$name.mp4"
}

# HLS is the same streams remuxed (no second encode): VOD playlist, segments next to it.
package_hls() {
  local name=$1
  ffmpeg -hide_banner -loglevel error -y -i "$out/$name.mp4" -c copy \
    -fflags +bitexact -f hls -hls_time 4 -hls_playlist_type vod -hls_flags independent_segments \
    -hls_segment_filename "$out/$name-%d.ts" \
    "$out/$name.m3u8"
}

cover() {
  local name=$1
  ffmpeg -hide_banner -loglevel error -y -ss 1 -i "$out/$name.mp4" -frames:v 1 -q:v 6 \
    -map_metadata -1 -fflags +bitexact -flags:v +bitexact "$out/$name.jpg"
}

size=640x360
encode pattern 8 "testsrc2=size=${size}:rate=24" 440
encode bars 8 "smptebars=size=${size}:rate=24" 523.25
encode fractal 8 "mandelbrot=size=${size}:rate=24:maxiter=200" 659.25
for clip in pattern bars fractal; do package_hls "$clip"; done

encode ad-first 6 "testsrc=size=${size}:rate=24,hue=H=2*PI*t/6" 880
encode ad-second 6 "color=c=0xc2410c:size=${size}:rate=24,hue=H=2*PI*t/6" 392
for ad in ad-first ad-second; do cover "$ad"; done

du -ch "$out"/* | tail -n 1
