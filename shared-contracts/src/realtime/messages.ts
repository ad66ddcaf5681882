/** Why a socket could not join a room (shown to the person when a page cannot go live). */
export const REALTIME_MESSAGES = {
  roomUnknown: 'Böyle bir canlı akış yok.',
  roomRefused: 'Bu canlı akışa katılma izniniz yok.',
} as const;
