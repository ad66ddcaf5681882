import { GROUP_MANAGE_HASH, GROUP_MESSAGES as M, GROUPS_PATH, rooms, type GroupView } from '@seyirlik/shared-contracts';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { messageOf } from '../../lib/api';
import { Loading } from '../../ui/Loading';
import { Tabs } from '../../ui/Tabs';
import { FlowFeed } from '../flow/FlowFeed';
import { groupFlow } from '../flow/flowScope';
import { useRealtimeEvent } from '../realtime/useRealtimeRoom';
import { useSharedRealtimeRoom } from '../realtime/useSharedRealtimeRoom';
import { useSession } from '../session/session';
import { useFailureToast } from '../session/useFailureToast';
import { useToast } from '../toast/toasts';
import { GroupFormDialog } from './GroupFormDialog';
import { GroupHeader, GroupLinks } from './GroupHeader';
import { GroupMembersPane } from './GroupMembersPane';
import { deleteGroup, joinGroup, leaveGroup } from './groupsApi';
import { GROUP_TEXT } from './texts';
import { useGroup, useGroupCache } from './useGroups';
import './groups.css';

const day = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Istanbul' });

/** A group's page (`/grup/{slug}`) for the viewer: loading, the group, or why there is none. */
export function GroupPage({ slug }: { slug: string }) {
  const { loaded, user } = useSession();
  if (!loaded) return <Loading />;
  const userId = user?.id ?? null;
  return <GroupPageFor key={userId ?? 'visitor'} slug={slug} userId={userId} />;
}

function GroupPageFor({ slug, userId }: { slug: string; userId: number | null }) {
  const group = useGroup(slug, userId);
  if (group.isPending) return <Loading />;
  if (group.isError) {
    // A hidden group is "not found" to whoever is not in it, like one that does not exist.
    return (
      <section className="not-found group-missing" aria-labelledby="group-missing-title">
        <h1 id="group-missing-title" className="not-found__title">
          {messageOf(group.error)}
        </h1>
        <Link to="/gruplar" className="button button--primary">
          {GROUP_TEXT.backToGroups}
        </Link>
      </section>
    );
  }
  return <GroupScreen group={group.data} userId={userId} />;
}

/**
 * The group: its header with the viewer's actions (join, leave, manage), and the tabs of its posts
 * (live on the group's channel), its description and its members. `#manage` opens the edit modal
 * for the owner; pushed changes of the group show at once, its deletion leaves for the list.
 */
function GroupScreen({ group, userId }: { group: GroupView; userId: number | null }) {
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  const cache = useGroupCache();
  const toast = useToast();
  const showFailure = useFailureToast();
  const [pending, setPending] = useState(false);
  /** Set while the owner deletes the group here, whose own push then needs no notice. */
  const deletingHere = useRef(false);

  useSharedRealtimeRoom(group.canRead ? rooms.group(group.id) : null);
  useRealtimeEvent('group.changed', (pushed) => {
    if (pushed.id === group.id) cache.pushed(pushed);
  });
  useRealtimeEvent('group.deleted', ({ id }) => {
    if (id !== group.id || deletingHere.current) return;
    cache.deleted(id);
    toast.info(GROUP_TEXT.groupDeleted);
    void navigate({ to: GROUPS_PATH });
  });

  const isOwner = group.role === 'owner';
  const managing = isOwner && hash === GROUP_MANAGE_HASH;
  const closeManage = () => void navigate({ to: '/grup/$slug', params: { slug: group.slug }, replace: true });

  const changeMembership = async (change: (id: number) => Promise<{ group: GroupView; message: string }>) => {
    setPending(true);
    try {
      const reply = await change(group.id);
      cache.saved(reply.group);
      void cache.membersChanged(group.id);
      toast.success(reply.message);
    } catch (failure) {
      showFailure(failure);
    } finally {
      setPending(false);
    }
  };

  const removeGroup = async () => {
    deletingHere.current = true;
    try {
      const reply = await deleteGroup(group.id);
      cache.deleted(group.id);
      toast.success(reply.message);
      await navigate({ to: reply.go });
    } catch (failure) {
      deletingHere.current = false;
      throw failure;
    }
  };

  const saved = (changed: GroupView) => {
    cache.saved(changed);
    // The modal closes with the hash; a renamed group may live at a new address.
    void navigate({ to: '/grup/$slug', params: { slug: changed.slug }, replace: true });
  };

  const memberAdded = (changed: GroupView) => {
    cache.saved(changed);
    void cache.membersChanged(changed.id);
  };

  const actions = (
    <>
      {isOwner && (
        <button type="button" className="button button--primary" onClick={() => void navigate({ to: '/grup/$slug', params: { slug: group.slug }, hash: GROUP_MANAGE_HASH })}>
          {M.manage}
        </button>
      )}
      {group.role === 'member' && (
        <button type="button" className="button button--secondary" disabled={pending} onClick={() => void changeMembership(leaveGroup)}>
          {M.leave}
        </button>
      )}
      {group.role === null && group.canJoin && userId !== null && (
        <button type="button" className="button button--primary" disabled={pending} onClick={() => void changeMembership(joinGroup)}>
          {M.join}
        </button>
      )}
      {group.role === null && userId === null && group.canJoin && (
        <Link to="/giris-yap" search={{ redirect: `/grup/${group.slug}` }} className="text-link">
          {M.loginToJoin}
        </Link>
      )}
    </>
  );

  const membersOnly = <p className="group-notice">{M.membersOnlyRead}</p>;
  return (
    <section className="group-page">
      <GroupHeader group={group} actions={actions} />
      {group.role === null && group.visibility === 'closed' && <p className="group-notice group-notice--closed">{M.closedNotice}</p>}
      <Tabs
        label={GROUP_TEXT.tabsLabel}
        tabs={[
          {
            id: 'posts',
            label: M.posts,
            render: () =>
              group.canRead ? (
                <div className="group-page__posts">
                  <FlowFeed
                    scope={groupFlow(group.id)}
                    userId={userId}
                    startPage={1}
                    canPost={group.role !== null}
                    canModerate={isOwner}
                    emptyText={M.noPosts}
                  />
                </div>
              ) : (
                membersOnly
              ),
          },
          { id: 'about', label: M.about, render: () => <GroupAbout group={group} /> },
          { id: 'members', label: M.members, render: () => (group.canRead ? <GroupMembersPane group={group} userId={userId} /> : membersOnly) },
        ]}
      />
      {managing && <GroupFormDialog group={group} onClose={closeManage} onSaved={saved} onMemberAdded={memberAdded} onDelete={removeGroup} />}
    </section>
  );
}

function GroupAbout({ group }: { group: GroupView }) {
  return (
    <div className="group-about">
      <p className="group-about__description">{group.description}</p>
      <p className="group-about__meta">
        <span>{GROUP_TEXT.createdAt(day.format(new Date(group.createdAt)))}</span>
        <span>{GROUP_TEXT.postCount(group.postCount)}</span>
        <span>{M.memberCount(group.memberCount)}</span>
      </p>
      <GroupLinks group={group} />
    </div>
  );
}
