import { PRIVATE_MESSAGE_MESSAGES as M, type ConversationView, type MemberCard } from '@seyirlik/shared-contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { messageOf } from '../../lib/api';
import { Avatar } from '../../ui/Avatar';
import { Loading } from '../../ui/Loading';
import { ChatComposer } from '../rooms/ChatComposer';
import { MESSAGE_COMPOSER } from './composer';
import { MessageList } from './MessageList';
import { startConversation } from './messagesApi';
import { useConversationThread } from './useConversation';
import { conversationWithKey, useConversationWith } from './useConversations';

const noTyping = () => undefined;

/** The conversation with `username`: its header, its messages and the write box; a load failure shows the error (seed §8). */
export function ConversationPane({ userId, username }: { userId: number; username: string }) {
  const conversation = useConversationWith(userId, username);
  if (conversation.isPending) return <Loading />;
  if (conversation.isError) {
    return (
      <div className="conversation conversation--failed" role="alert">
        <p>{messageOf(conversation.error)}</p>
      </div>
    );
  }
  const view = conversation.data;
  if (view.hash === null) return <FirstMessage userId={userId} view={view} />;
  return <OpenConversation key={view.hash} userId={userId} view={{ ...view, hash: view.hash }} />;
}

function ConversationHeader({ other, note }: { other: MemberCard; note?: string | null }) {
  return (
    <header className="conversation__header">
      <Link to="/profile/$username" params={{ username: other.username }} className="conversation__member">
        <Avatar name={other.profileName} imageUrl={other.avatarUrl} size={40} />
        <span className="conversation__name">{other.profileName}</span>
      </Link>
      {note ? <span className="conversation__note">{note}</span> : null}
    </header>
  );
}

/** A member not talked to yet: the first message starts the conversation. */
function FirstMessage({ userId, view }: { userId: number; view: ConversationView }) {
  const queryClient = useQueryClient();
  const { other } = view;
  const send = useCallback(
    async (text: string, clientKey: string) => {
      await startConversation({ username: other.username, text, clientKey });
      await queryClient.invalidateQueries({ queryKey: conversationWithKey(userId, other.username) });
    },
    [other.username, queryClient, userId],
  );
  return (
    <section className="conversation" aria-label={other.profileName}>
      <ConversationHeader other={other} note={view.blockedByMe ? M.youBlocked : null} />
      <ol className="conversation__messages">
        <li className="conversation__empty">{M.emptyConversation}</li>
      </ol>
      <ChatComposer send={send} typed={noTyping} stopped={noTyping} rules={MESSAGE_COMPOSER} />
    </section>
  );
}

function OpenConversation({ userId, view }: { userId: number; view: ConversationView & { hash: string } }) {
  const thread = useConversationThread(userId, view.hash, view.lastSeq, view.otherReadSeq);
  const note = view.blockedByMe ? M.youBlocked : thread.live.status === 'offline' ? M.polling : null;
  return (
    <section className="conversation" aria-label={view.other.profileName} data-live={thread.live.status}>
      <ConversationHeader other={view.other} note={note} />
      <MessageList
        messages={thread.messages}
        viewerId={userId}
        otherReadSeq={thread.otherReadSeq}
        hasOlder={thread.hasOlder}
        loadingOlder={thread.loadingOlder}
        loadOlder={thread.loadOlder}
      />
      <p className="conversation__typing" aria-live="polite">
        {thread.typing ? M.typing(thread.typing.profileName) : null}
      </p>
      <ChatComposer send={thread.send} typed={thread.typed} stopped={thread.stopped} rules={MESSAGE_COMPOSER} />
    </section>
  );
}
