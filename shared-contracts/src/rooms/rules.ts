/** Limits and timings of watch-together rooms, shared by the server and the client. */
export const ROOM_RULES = {
  titleMaxLength: 80,
  /** Members a creator may invite at once. */
  inviteMax: 50,
  messageMaxLength: 500,
  /** Messages one `get_chat` / catch-up answer holds at most; a client asks again from the last one. */
  chatPageSize: 100,
  /** Seed §9: legacy clients, and our client while its socket is down, poll `get_chat` this often. */
  chatPollIntervalMs: 5_000,
  /** Chat sends per member and room: this many per window. */
  sendRateLimit: { points: 20, windowSeconds: 10 },
  /** Room creations per member. */
  createRateLimit: { points: 10, windowSeconds: 600 },
  /** A typing indicator goes away after this long without a new keystroke. */
  typingTimeoutMs: 4_000,
  /**
   * Typing signals one socket may send: this many per window (our client sends about one a
   * second while typing); further ones are dropped, and an indicator they would have ended ends
   * after typingTimeoutMs.
   */
  typingSignalLimit: { points: 10, windowSeconds: 10 },
  /** Invite-candidate search: at least this many characters (an empty query lists the suggestions). */
  inviteSearchMinLength: 2,
  /** Invite-candidate search waits this long after the last keystroke (as the seed's member searches, §9). */
  inviteSearchDebounceMs: 500,
  /** Synced playback: drift under this is left alone. */
  driftToleranceMs: 60,
  /** Drift up to this is corrected by nudging the playback rate; beyond it, the player seeks. */
  driftSeekThresholdMs: 3_000,
  /** Clock pings a client averages to estimate its offset to the server clock. */
  clockSamples: 5,
} as const;

/** Who may play, pause and seek for everyone: the creator only, or every member of the room. */
export const ROOM_CONTROL_MODES = ['creator', 'everyone'] as const;
export type RoomControlMode = (typeof ROOM_CONTROL_MODES)[number];

/** Room codes: 12 characters of [A-Za-z0-9], random, in the room's link `/oda/{code}`. */
export const ROOM_CODE_PATTERN = /^[A-Za-z0-9]{12}$/;

/** The room's page; `create_room` answers this as `link`. */
export const roomPath = (code: string) => `/oda/${code}`;
