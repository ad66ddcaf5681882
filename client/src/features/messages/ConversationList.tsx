import { LIMITS, MESSAGE_RULES, PRIVATE_MESSAGE_MESSAGES as M, type ConversationSummary } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { messageOf } from '../../lib/api';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { Avatar } from '../../ui/Avatar';
import { Loading } from '../../ui/Loading';
import { useConversationList } from './useConversations';
import { messageTime } from './messageTime';

/** The conversation list: newest first, each with the other member, the last message, its time and the unread mark; a search over the other members' names. */
export function ConversationList({ userId, selected }: { userId: number; selected: string | null }) {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), LIMITS.liveSearchDebounceMs);
  const list = useConversationList(userId, settled);
  const headingId = useId();

  return (
    <nav className="conversations" aria-labelledby={headingId}>
      <h2 id={headingId} className="conversations__heading">
        {M.conversationsLabel}
      </h2>
      <input
        type="search"
        className="field__input conversations__search"
        placeholder={M.searchPlaceholder}
        aria-label={M.searchPlaceholder}
        value={query}
        maxLength={MESSAGE_RULES.searchMaxLength}
        onChange={(event) => setQuery(event.target.value)}
      />
      {list.isPending ? <Loading /> : null}
      {list.isError ? (
        <p className="field__error" role="alert">
          {messageOf(list.error)}
        </p>
      ) : null}
      {list.data && list.data.conversations.length === 0 ? <p className="conversations__empty">{settled ? M.noSearchResults : M.noConversations}</p> : null}
      <ul className="conversations__list">
        {list.data?.conversations.map((conversation) => (
          <ConversationRow key={conversation.hash} userId={userId} conversation={conversation} active={selected?.toLowerCase() === conversation.other.username.toLowerCase()} />
        ))}
      </ul>
    </nav>
  );
}

function ConversationRow({ userId, conversation, active }: { userId: number; conversation: ConversationSummary; active: boolean }) {
  const { other, lastMessage, unread } = conversation;
  const classes = ['conversations__item', active ? 'conversations__item--active' : '', unread && !active ? 'conversations__item--unread' : ''].filter(Boolean).join(' ');
  return (
    <li>
      <Link to="/profile/message/$username" params={{ username: other.username }} className={classes} aria-current={active ? 'page' : undefined} data-hash={conversation.hash}>
        <Avatar name={other.profileName} imageUrl={other.avatarUrl} size={40} />
        <span className="conversations__text">
          <span className="conversations__name">{other.profileName}</span>
          <span className="conversations__preview">
            {lastMessage.senderId === userId ? `${M.you}: ` : ''}
            {lastMessage.text}
          </span>
        </span>
        <time className="conversations__time" dateTime={lastMessage.sentAt}>
          {messageTime(lastMessage.sentAt)}
        </time>
        {unread && !active ? (
          <span className="conversations__unread">
            <span className="visually-hidden">{M.unread}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}
