import { ROOM_MESSAGES, type RoomMember } from '@seyirlik/shared-contracts';
import { useId } from 'react';
import { Avatar } from '../../ui/Avatar';

/** Who has the room open right now. */
export function PresenceList({ online }: { online: readonly RoomMember[] }) {
  const headingId = useId();
  return (
    <section className="room-presence" aria-labelledby={headingId}>
      <h2 id={headingId} className="room-side__heading">
        {ROOM_MESSAGES.presenceHeading}
      </h2>
      <ul className="room-presence__list">
        {online.map((member) => (
          <li key={member.id} className="room-presence__member">
            <Avatar name={member.profileName} imageUrl={member.avatarUrl} size={28} />
            <span>{member.profileName}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
