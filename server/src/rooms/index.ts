/** What other features use of watch-together rooms: the domain event of an invitation (see room-events.ts). */
export type { RoomInvitedEvent } from './room-events';
