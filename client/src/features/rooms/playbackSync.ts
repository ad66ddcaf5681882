import { ROOM_MESSAGES, ROOM_RULES, type PlaybackCommand, type PlaybackState } from '@seyirlik/shared-contracts';
import { formatClock } from '../../lib/format';

/** One `clock.ping` round trip: when it left and came back (local clock), and the server's time in between. */
export interface ClockSample {
  sentAt: number;
  receivedAt: number;
  serverTime: number;
}

/**
 * The server clock minus the local clock, in milliseconds, from the round trip least delayed by the
 * network: the server read its clock about half that trip before the answer arrived.
 */
export function clockOffsetOf(samples: readonly ClockSample[]): number {
  if (samples.length === 0) return 0;
  const best = samples.reduce((fastest, sample) =>
    sample.receivedAt - sample.sentAt < fastest.receivedAt - fastest.sentAt ? sample : fastest,
  );
  return best.serverTime + (best.receivedAt - best.sentAt) / 2 - best.receivedAt;
}

/** Where the room's playback is at `serverNow` (epoch ms on the server's clock), in seconds. */
export function expectedPosition(state: PlaybackState, serverNow: number): number {
  if (state.status === 'paused') return state.positionSeconds;
  return state.positionSeconds + Math.max(0, serverNow - state.serverTime) / 1000;
}

/** Playback rates that win back a small drift without a seek: gently, and faster beyond a second. */
const CATCH_UP_RATES = { near: 0.05, far: 0.1, farFromSeconds: 1 } as const;

export type DriftCorrection = { kind: 'none' } | { kind: 'rate'; rate: number } | { kind: 'seek'; toSeconds: number };

/**
 * What brings a playing player back to the room: nothing within the tolerance, a slightly faster
 * or slower rate up to the seek threshold (so nobody sees a jump), a seek beyond it.
 */
export function correctDrift(actualSeconds: number, expectedSeconds: number): DriftCorrection {
  const drift = actualSeconds - expectedSeconds;
  const driftMs = Math.abs(drift) * 1000;
  if (driftMs < ROOM_RULES.driftToleranceMs) return { kind: 'none' };
  if (driftMs > ROOM_RULES.driftSeekThresholdMs) return { kind: 'seek', toSeconds: expectedSeconds };
  const step = Math.abs(drift) >= CATCH_UP_RATES.farFromSeconds ? CATCH_UP_RATES.far : CATCH_UP_RATES.near;
  // Ahead of the room: slow down; behind it: speed up.
  return { kind: 'rate', rate: drift > 0 ? 1 - step : 1 + step };
}

/**
 * Whether a state from the server is someone's seek command: the player lands on it exactly, however
 * short the jump, rather than catching up with the playback rate (which is for drift only).
 */
export function isSeekCommand(state: PlaybackState): boolean {
  return state.lastAction?.action === 'seek';
}

/** Whether `candidate` is a later state than the one applied (states may arrive out of order). */
export function isNewerState(candidate: PlaybackState, applied: PlaybackState): boolean {
  return candidate.version > applied.version;
}

const ACTION_TOASTS = {
  play: ROOM_MESSAGES.playedBy,
  pause: ROOM_MESSAGES.pausedBy,
  seek: ROOM_MESSAGES.seekedBy,
} as const;

/** "Ayşe durdurdu · 12:31" for a change someone else made; null for the viewer's own or none. */
export function playbackToastOf(state: PlaybackState, viewerId: number | null): string | null {
  const last = state.lastAction;
  if (!last || last.by.id === viewerId) return null;
  return ACTION_TOASTS[last.action](last.by.profileName, formatClock(state.positionSeconds));
}

/** A seek shorter than this is the player's own doing (hls.js skipping a buffer hole), not the member's. */
export const MEMBER_SEEK_MIN_SECONDS = 0.5;

/** The part of a player's state that tells what a play, pause or seek event meant. */
export interface PlayerMoment {
  currentTime: number;
  paused: boolean;
  ended: boolean;
}

/**
 * What the member asked for with a player event, judged against the state the page applies: an
 * event that agrees with it is the page's own doing (or changes nothing) and asks for nothing.
 */
export function memberCommandOf(
  event: 'play' | 'pause' | 'seeked',
  player: PlayerMoment,
  applied: PlaybackState,
  serverNow: number,
): PlaybackCommand | null {
  const positionSeconds = Math.min(86_400, Math.max(0, player.currentTime));
  // Events arrive after the fact: one the player has since undone (paused again, played again) is stale.
  switch (event) {
    case 'play':
      return applied.status === 'playing' || player.paused ? null : { action: 'play', positionSeconds };
    case 'pause':
      // The end of the episode pauses the player too; that is nobody's command.
      return applied.status === 'paused' || !player.paused || player.ended ? null : { action: 'pause', positionSeconds };
    case 'seeked':
      return Math.abs(positionSeconds - expectedPosition(applied, serverNow)) < MEMBER_SEEK_MIN_SECONDS
        ? null
        : { action: 'seek', positionSeconds };
  }
}

/**
 * The state a member's command leads to, applied at once while the server confirms it; the
 * server's answer (a higher version) replaces it, a refusal brings the previous state back.
 */
export function anticipatedState(current: PlaybackState, command: PlaybackCommand, serverNow: number): PlaybackState {
  const status = command.action === 'play' ? 'playing' : command.action === 'pause' ? 'paused' : current.status;
  return { ...current, status, positionSeconds: command.positionSeconds, serverTime: serverNow };
}
