import { ROOM_MESSAGES, ROOM_RULES, type PlaybackCommand, type PlaybackState } from '@seyirlik/shared-contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChannelLiveState } from '../../lib/channelMembership';
import { getSocket, type AppSocket } from '../realtime/socket';
import { useRealtimeEvent } from '../realtime/useRealtimeRoom';
import { useSessionUser } from '../session/session';
import { useFailureToast } from '../session/useFailureToast';
import { useToast } from '../toast/toasts';
import { PlaybackFollower, type AutoplayState, type SyncedPlayer } from './playbackFollower';
import { clockOffsetOf, playbackToastOf, type ClockSample } from './playbackSync';
import { fetchRoom, sendPlaybackCommand } from './roomsApi';

/** A clock ping unanswered this long is given up (the socket went away meanwhile). */
const CLOCK_PING_TIMEOUT_MS = 2_000;

/** `count` clock round trips one after another; fewer when a ping goes unanswered. */
async function sampleClock(socket: AppSocket, count: number): Promise<ClockSample[]> {
  const samples: ClockSample[] = [];
  for (let index = 0; index < count; index += 1) {
    const sample = await new Promise<ClockSample | null>((resolve) => {
      const sentAt = Date.now();
      const timer = setTimeout(() => resolve(null), CLOCK_PING_TIMEOUT_MS);
      socket.emit('clock.ping', ({ serverTime }) => {
        clearTimeout(timer);
        resolve({ sentAt, receivedAt: Date.now(), serverTime });
      });
    });
    if (!sample) break;
    samples.push(sample);
  }
  return samples;
}

export interface PlaybackSync {
  /** Hands the room's player over (the VideoPlayer's `track`); returns the detach. */
  attach: (player: SyncedPlayer) => () => void;
  autoplay: AutoplayState;
  /** After the browser refused to start playback by itself: the member's click starts it. */
  joinPlayback: () => void;
  unmute: () => void;
}

/**
 * Synced playback of a room: the room's state from the server (pushed, and fetched again at every
 * (re)join and every poll while the socket is down), the clock offset from ROOM_RULES.clockSamples
 * pings at every join, the member's own play, pause and seek sent over the socket (over HTTP while
 * it is down), and a toast for every change someone else made.
 */
export function usePlaybackSync({
  code,
  initial,
  canControl,
  live,
}: {
  code: string;
  initial: PlaybackState;
  canControl: boolean;
  live: ChannelLiveState['status'];
}): PlaybackSync {
  const viewerId = useSessionUser()?.id ?? null;
  const toast = useToast();
  const showFailure = useFailureToast();
  const [autoplay, setAutoplay] = useState<AutoplayState>('allowed');
  const offset = useRef(0);
  // The follower lives as long as the page; what it calls back reads the latest render's values.
  const latest = useRef({ toast, showFailure, viewerId });
  latest.current = { toast, showFailure, viewerId };

  const [follower] = useState(() => {
    const created: PlaybackFollower = new PlaybackFollower(initial, {
      serverNow: () => Date.now() + offset.current,
      canControl,
      send: (command: PlaybackCommand) => {
        const socket = getSocket();
        if (socket.connected) {
          socket.emit('room.playback', { code, ...command }, (reply) => {
            if (reply.ok) {
              created.confirm(reply.playback);
            } else {
              created.reject();
              latest.current.toast.error(reply.message);
            }
          });
          return;
        }
        sendPlaybackCommand(code, command).then(
          (state) => created.confirm(state),
          (error: unknown) => {
            created.reject();
            latest.current.showFailure(error);
          },
        );
      },
      denied: () => latest.current.toast.info(ROOM_MESSAGES.controlDenied),
      autoplayChanged: setAutoplay,
    });
    return created;
  });

  const accept = useCallback(
    (state: PlaybackState) => {
      if (!follower.receive(state)) return;
      const text = playbackToastOf(state, latest.current.viewerId);
      if (text) latest.current.toast.info(text);
    },
    [follower],
  );

  useRealtimeEvent('room.playbackChanged', (payload) => {
    if (payload.code === code) accept(payload.playback);
  });

  useEffect(() => {
    let current = true;
    const refresh = () =>
      fetchRoom(code).then(
        (room) => current && accept(room.playback),
        // Tried again at the next poll or join.
        () => undefined,
      );
    if (live === 'live') {
      void refresh();
      void sampleClock(getSocket(), ROOM_RULES.clockSamples).then((samples) => {
        if (current && samples.length > 0) {
          offset.current = clockOffsetOf(samples);
          follower.apply();
        }
      });
      return () => {
        current = false;
      };
    }
    if (live === 'offline') {
      follower.connectionLost();
      const timer = setInterval(refresh, ROOM_RULES.chatPollIntervalMs);
      return () => {
        current = false;
        clearInterval(timer);
      };
    }
    return undefined;
  }, [live, code, accept, follower]);

  const joinPlayback = useCallback(() => follower.joinPlayback(), [follower]);
  const unmute = useCallback(() => follower.unmute(), [follower]);
  return { attach: follower.attach, autoplay, joinPlayback, unmute };
}
