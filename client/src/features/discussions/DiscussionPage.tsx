import { DISCUSSION_CATEGORY_NAMES, DISCUSSION_MESSAGES as M, DISCUSSIONS_PATH } from '@seyirlik/shared-contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { messageOf } from '../../lib/api';
import { formatLongDate } from '../../lib/format';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ReportButton } from '../reports/ReportButton';
import { Loading } from '../../ui/Loading';
import { CommentsSection } from '../comments/CommentsSection';
import { useSession } from '../session/session';
import { useToast } from '../toast/toasts';
import { DiscussionFormDialog } from './DiscussionFormDialog';
import { DiscussionText } from './DiscussionText';
import { deleteDiscussion } from './discussionsApi';
import { useDiscussion, useDiscussionCache } from './useDiscussions';
import './discussions.css';

/**
 * A topic's page: its title, category, the title it is about, author and text (line breaks and
 * safe links), its author's edit modal and deletion (after confirmation, back to the list), and
 * its replies: the comments block, live on the topic's channel.
 */
export function DiscussionPage({ id }: { id: number }) {
  const { loaded, user } = useSession();
  const discussion = useDiscussion(id, user?.id ?? null);
  const cache = useDiscussionCache();
  const navigate = useNavigate();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  if (!loaded || discussion.isPending) return <Loading />;
  if (discussion.isError) {
    return (
      <section className="discussion">
        <p className="field__error" role="alert">
          {messageOf(discussion.error)}
        </p>
        <Link to={DISCUSSIONS_PATH}>{M.backToList}</Link>
      </section>
    );
  }
  const topic = discussion.data;
  const remove = async () => {
    const reply = await deleteDiscussion(topic.id);
    cache.deleted(topic.id);
    toast.success(reply.message);
    await navigate({ to: reply.go });
  };

  return (
    <article className="discussion">
      <Link to={DISCUSSIONS_PATH} className="discussion__back">
        {M.backToList}
      </Link>
      <header className="discussion__header">
        <h1 className="discussion__title">{topic.title}</h1>
        <p className="discussion__meta">
          <span className="discussion-badge">{DISCUSSION_CATEGORY_NAMES[topic.category]}</span>
          {topic.series && (
            <Link className="discussion__series" to={topic.series.link}>
              {topic.series.name}
            </Link>
          )}
          <Link to="/profile/$username" params={{ username: topic.author.username }} className="discussion__author">
            <Avatar name={topic.author.profileName} imageUrl={topic.author.avatarUrl} size={28} />
            <span>{topic.author.profileName}</span>
          </Link>
          <time dateTime={topic.createdAt}>{formatLongDate(topic.createdAt)}</time>
          {topic.editedAt && <span className="discussion__edited">({M.edited})</span>}
        </p>
      </header>
      <DiscussionText text={topic.text} />
      <div className="discussion__actions">
        {topic.mine ? (
          <>
            <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
              {M.edit}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirmingDelete(true)}>
              {M.delete}
            </button>
          </>
        ) : (
          <ReportButton subject="discussion" targetId={topic.id} />
        )}
      </div>
      <CommentsSection target={{ kind: 'discussion', discussionId: topic.id }} />
      {editing && <DiscussionFormDialog discussion={topic} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />}
      {confirmingDelete && (
        <ConfirmDialog title={M.delete} question={M.deleteConfirm} confirmLabel={M.delete} cancelLabel={M.cancel} onConfirm={remove} onClose={() => setConfirmingDelete(false)} />
      )}
    </article>
  );
}
