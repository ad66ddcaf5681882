import { ROOM_RULES, type PlaybackCommand, type PlaybackState } from '@seyirlik/shared-contracts';
import { anticipatedState, correctDrift, expectedPosition, isNewerState, isSeekCommand, MEMBER_SEEK_MIN_SECONDS, memberCommandOf } from './playbackSync';

/** The part of a <video> that synced playback drives and listens to; an HTMLVideoElement is one. */
export interface SyncedPlayer {
  readonly paused: boolean;
  readonly ended: boolean;
  readonly seeking: boolean;
  readonly duration: number;
  readonly readyState: number;
  currentTime: number;
  playbackRate: number;
  muted: boolean;
  play(): Promise<void> | undefined;
  pause(): void;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/**
 * What the browser let the room's player do: play with sound, play muted (it refused sound
 * without a click), or nothing until the member clicks (it refused even muted playback).
 */
export type AutoplayState = 'allowed' | 'muted' | 'blocked';

export interface FollowerContext {
  /** Epoch milliseconds on the server's clock. */
  serverNow(): number;
  /** Whether this member may play, pause and seek for everyone. */
  canControl: boolean;
  /** Sends the member's command; its answer comes back through `confirm` or `reject`. */
  send(command: PlaybackCommand): void;
  /** The member without control tried to play, pause or seek (the player went back to the room). */
  denied(): void;
  autoplayChanged(state: AutoplayState): void;
}

/** How often the player is compared with the room: often enough to catch drift well under a second. */
export const SYNC_TICK_MS = 250;
/** HTMLMediaElement.HAVE_METADATA: the duration is known and seeking works. */
const HAVE_METADATA = 1;

/**
 * Keeps one player on the room's playback state. Each tick (and each change) it plays or pauses
 * as the room does and corrects drift (playbackRate nudges, seeks beyond the threshold). A seek
 * someone else made, and the state a newly attached player joins, are landed on exactly instead:
 * they are commands, not drift. A play, pause or seek the member makes is told from the follower's
 * own by comparing it with the state it applies: the member's goes to the server (and is applied at
 * once meanwhile), or, without control, is undone. States apply only when newer than the last
 * confirmed one.
 */
export class PlaybackFollower {
  private confirmed: PlaybackState;
  /** The confirmed state, or the one a command awaiting its answer leads to. */
  private applied: PlaybackState;
  /** The player is yet to land exactly on the applied state; cleared once it has. */
  private landExactly = true;
  private awaiting = 0;
  private player: SyncedPlayer | null = null;
  private seekingTo: number | null = null;
  /**
   * The member is seeking: from the player's `seeking` to its `seeked`. Between the seek's end and
   * `seeked` the player already says it is not seeking, and a tick must not take it back to the
   * room's state before the member's seek is sent.
   */
  private memberSeeking = false;
  private starting = false;
  private autoplay: AutoplayState = 'allowed';
  /**
   * How the player was last left in step with the room: paused in a paused room, or playing in a
   * playing one (null: neither yet, a new player, or one that ended or could not start). A player
   * found playing where it was kept paused, or paused where it was kept playing, was played or
   * paused by the member since: a tick may come between their click and its `play` or `pause`
   * event, and must send their command, not undo it.
   */
  private keptAs: PlaybackState['status'] | null = null;

  constructor(
    initial: PlaybackState,
    private readonly context: FollowerContext,
  ) {
    this.confirmed = initial;
    this.applied = initial;
  }

  /** Follows the room with `player` until the returned function detaches it. */
  attach = (player: SyncedPlayer): (() => void) => {
    this.player = player;
    const listeners: Array<[string, () => void]> = [
      ['play', () => this.memberEvent('play')],
      ['pause', () => this.memberEvent('pause')],
      ['seeking', () => this.seeking()],
      ['seeked', () => this.seeked()],
      // A new resource: a seek made on the old one will not report back.
      ['loadedmetadata', () => {
        this.memberSeeking = false;
        this.apply();
      }],
      ['canplay', () => this.apply()],
      // Sound back on (plyr's own button) or playback started by a click: the browser allows it now.
      ['volumechange', () => this.autoplay === 'muted' && !player.muted && this.setAutoplay('allowed')],
      ['playing', () => this.autoplay === 'blocked' && this.setAutoplay('allowed')],
    ];
    listeners.forEach(([type, listener]) => player.addEventListener(type, listener));
    // A new player (a new source) joins where the room is; it has not drifted.
    this.landExactly = true;
    this.keptAs = null;
    const timer = setInterval(() => this.apply(), SYNC_TICK_MS);
    this.apply();
    return () => {
      clearInterval(timer);
      listeners.forEach(([type, listener]) => player.removeEventListener(type, listener));
      if (this.player === player) this.player = null;
      this.seekingTo = null;
      this.memberSeeking = false;
      this.starting = false;
    };
  };

  /** A state from the server (pushed or refetched); returns whether it was newer. */
  receive(state: PlaybackState): boolean {
    return this.take(state, isSeekCommand(state));
  }

  /** The server's answer to the member's command: the player is already where the member put it. */
  confirm(state: PlaybackState): boolean {
    this.settleCommand();
    const newer = this.take(state, false);
    if (newer) return true;
    // The room's push of this very state came before the answer (the server sends both at once):
    // it is the member's own command, already where the player is; drift is all that is left.
    if (state.version === this.confirmed.version && this.awaiting === 0) this.follow(this.confirmed, false);
    else this.backToConfirmed();
    return false;
  }

  /** The server refused the member's command (or could not be reached): back to the room's state. */
  reject(): void {
    this.settleCommand();
    this.backToConfirmed();
  }

  /** The socket dropped: answers to commands sent over it will not come; the room's state stands. */
  connectionLost(): void {
    this.awaiting = 0;
    this.backToConfirmed();
  }

  /** The member's click: play (with sound) after the browser refused to start by itself. */
  joinPlayback(): void {
    const player = this.player;
    if (player) player.muted = false;
    this.setAutoplay('allowed');
    this.apply();
  }

  unmute(): void {
    if (this.player) this.player.muted = false;
    this.setAutoplay('allowed');
  }

  /** Brings the player to the applied state now. */
  apply(): void {
    const player = this.player;
    if (!player || player.readyState < HAVE_METADATA || player.seeking || this.memberSeeking) return;
    const target = this.applied;
    const duration = Number.isFinite(player.duration) ? player.duration : Number.POSITIVE_INFINITY;
    const expected = Math.min(expectedPosition(target, this.context.serverNow()), duration);
    if (target.status === 'paused') {
      if (!player.paused) {
        if (this.keptAs === 'paused' && this.context.canControl) return this.memberEvent('play');
        player.pause();
      }
      this.landOn(player, expected);
      this.keptAs = 'paused';
      return;
    }
    const pastTheEnd = expected >= duration;
    if (pastTheEnd && player.ended) {
      this.setRate(player, 1);
      this.landExactly = false;
      this.keptAs = null;
      return;
    }
    if (player.paused && !player.ended && this.keptAs === 'playing' && this.context.canControl) return this.memberEvent('pause');
    if (this.landExactly) {
      this.landOn(player, expected);
    } else {
      const correction = correctDrift(player.currentTime, expected);
      if (correction.kind === 'seek') this.seek(player, correction.toSeconds);
      else this.setRate(player, correction.kind === 'rate' ? correction.rate : 1);
    }
    // Playing an ended video would start it over; the room is past the end, so is the player.
    if (player.paused && !pastTheEnd) this.start(player);
    // play() leaves a player it may not start paused.
    this.keptAs = player.paused ? null : 'playing';
  }

  /** Takes a newer state as the confirmed one; `exact`: the player lands on it exactly. */
  private take(state: PlaybackState, exact: boolean): boolean {
    if (!isNewerState(state, this.confirmed)) return false;
    this.confirmed = state;
    // While the member's own command awaits its answer, the player keeps following that command.
    if (this.awaiting === 0) this.follow(state, exact);
    return true;
  }

  private settleCommand(): void {
    this.awaiting = Math.max(0, this.awaiting - 1);
  }

  /** After the member's command was refused, dropped or overtaken: back to the room, exactly (a command undone is no drift). */
  private backToConfirmed(): void {
    if (this.awaiting > 0) return;
    if (this.applied === this.confirmed) this.apply();
    else this.follow(this.confirmed, true);
  }

  private follow(state: PlaybackState, exact: boolean): void {
    this.applied = state;
    this.landExactly = exact;
    this.apply();
  }

  private memberEvent(event: 'play' | 'pause' | 'seeked'): void {
    const player = this.player;
    if (!player) return;
    const command = memberCommandOf(event, player, this.applied, this.context.serverNow());
    if (!command) return;
    if (!this.context.canControl) {
      this.context.denied();
      this.apply();
      return;
    }
    this.applied = anticipatedState(this.applied, command, this.context.serverNow());
    // The player is where the member put it.
    this.landExactly = false;
    this.awaiting += 1;
    this.context.send(command);
    this.apply();
  }

  /** Whether the player's seek is the one the follower made (not the member's). */
  private isOwnSeek(player: SyncedPlayer): boolean {
    return this.seekingTo !== null && Math.abs(player.currentTime - this.seekingTo) < MEMBER_SEEK_MIN_SECONDS;
  }

  private seeking(): void {
    const player = this.player;
    if (player && !this.isOwnSeek(player)) this.memberSeeking = true;
  }

  private seeked(): void {
    const player = this.player;
    if (!player) return;
    const ours = this.isOwnSeek(player);
    this.seekingTo = null;
    this.memberSeeking = false;
    if (!ours) this.memberEvent('seeked');
  }

  /** Puts the player exactly on `expected` at the normal rate (a paused room, a command). */
  private landOn(player: SyncedPlayer, expected: number): void {
    this.landExactly = false;
    this.setRate(player, 1);
    if (Math.abs(player.currentTime - expected) * 1000 >= ROOM_RULES.driftToleranceMs) this.seek(player, expected);
  }

  private seek(player: SyncedPlayer, toSeconds: number): void {
    this.seekingTo = toSeconds;
    player.currentTime = toSeconds;
  }

  private setRate(player: SyncedPlayer, rate: number): void {
    if (player.playbackRate !== rate) player.playbackRate = rate;
  }

  /** play(), muted when the browser refuses sound without a click, not at all when it refuses that too. */
  private start(player: SyncedPlayer): void {
    if (this.starting || this.autoplay === 'blocked') return;
    this.starting = true;
    void (async () => {
      try {
        await player.play();
      } catch (error) {
        // Anything else (an AbortError: a pause or a new source came first) is retried by the next tick.
        if (!isAutoplayRefusal(error)) return;
        if (player.muted) {
          this.setAutoplay('blocked');
          return;
        }
        player.muted = true;
        try {
          await player.play();
          this.setAutoplay('muted');
        } catch {
          player.muted = false;
          this.setAutoplay('blocked');
        }
      } finally {
        this.starting = false;
      }
    })();
  }

  private setAutoplay(state: AutoplayState): void {
    if (this.autoplay === state) return;
    this.autoplay = state;
    this.context.autoplayChanged(state);
  }
}

/** play()'s refusal by the autoplay policy, a DOMException named NotAllowedError. */
function isAutoplayRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'NotAllowedError';
}
