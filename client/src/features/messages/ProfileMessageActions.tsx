import { PRIVATE_MESSAGE_MESSAGES as M, type PublicProfile } from '@seyirlik/shared-contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { MailIcon } from '../../ui/icons';
import { ChatComposer } from '../rooms/ChatComposer';
import { useFailureToast } from '../session/useFailureToast';
import { useToast } from '../toast/toasts';
import { MESSAGE_COMPOSER } from './composer';
import { fetchBlockState, setBlocked, startConversation } from './messagesApi';
import { conversationsKey } from './useConversations';

const noTyping = () => undefined;

/** On another member's profile: "Mesaj gönder" (the send-message modal) and "Engelle" / "Engeli kaldır". */
export function ProfileMessageActions({ userId, profile }: { userId: number; profile: PublicProfile }) {
  const [writing, setWriting] = useState(false);
  return (
    <div className="profile-messages">
      <button type="button" className="button button--primary" onClick={() => setWriting(true)}>
        <MailIcon width={16} height={16} />
        <span>{M.sendMessage}</span>
      </button>
      <BlockButton userId={userId} username={profile.username} />
      {writing ? <SendMessageDialog userId={userId} profile={profile} onClose={() => setWriting(false)} /> : null}
    </div>
  );
}

/**
 * The send-message modal: the first message to a member (the seed's `first`), or one more in the
 * conversation already there. Sent, it closes with a toast that links to the conversation.
 */
function SendMessageDialog({ userId, profile, onClose }: { userId: number; profile: PublicProfile; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const send = useCallback(
    async (text: string, clientKey: string) => {
      await startConversation({ username: profile.username, text, clientKey });
      void queryClient.invalidateQueries({ queryKey: conversationsKey(userId) });
      toast.success(M.sent);
      onClose();
    },
    [onClose, profile.username, queryClient, toast, userId],
  );
  return (
    <Dialog title={M.sendMessageTo(profile.profileName)} onClose={onClose} className="send-message-dialog">
      <ChatComposer send={send} typed={noTyping} stopped={noTyping} rules={MESSAGE_COMPOSER} />
      <Link to="/profile/message/$username" params={{ username: profile.username }} className="send-message-dialog__open">
        {M.pageTitle}
      </Link>
    </Dialog>
  );
}

function BlockButton({ userId, username }: { userId: number; username: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const showFailure = useFailureToast();
  const key = [...conversationsKey(userId), 'block', username.toLowerCase()];
  const state = useQuery({ queryKey: key, queryFn: () => fetchBlockState(username) });
  const toggle = useMutation({
    mutationFn: (blocked: boolean) => setBlocked(username, blocked),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      void queryClient.invalidateQueries({ queryKey: [...conversationsKey(userId), 'with'] });
      toast.success(next.blocked ? M.blocked : M.unblocked);
    },
    onError: showFailure,
  });
  if (!state.data) return null;
  const blocked = state.data.blocked;
  return (
    <button type="button" className="button button--secondary" aria-pressed={blocked} disabled={toggle.isPending} aria-busy={toggle.isPending || undefined} onClick={() => toggle.mutate(!blocked)}>
      {blocked ? M.unblock : M.block}
    </button>
  );
}
