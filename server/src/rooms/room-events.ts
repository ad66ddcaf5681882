/** Published with a room that has invited members, handed on after it committed; notifications turn it into one notice per member. */
export interface RoomInvitedEvent {
  code: string;
  title: string;
  /** The room's page, /oda/{code}. */
  link: string;
  /** The creator, who sent the invitations. */
  invitedBy: number;
  /** The invited members (never the creator). */
  memberIds: number[];
}

declare module '../platform/events/domain-events' {
  interface DomainEventMap {
    'room.invited': RoomInvitedEvent;
  }
}
