import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, NOTIFICATION_MESSAGES as M, type NotificationKind } from '@seyirlik/shared-contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../lib/api';
import { Loading } from '../../ui/Loading';
import { useToast } from '../toast/toasts';
import { fetchNotificationMutes, saveNotificationMutes } from './notificationsApi';
import './notifications.css';

const mutesKey = ['notification-mutes'] as const;

/** The settings tab of notification kinds: a ticked kind is received, an unticked one muted. */
export function NotificationMutesForm() {
  const mutes = useQuery({ queryKey: mutesKey, queryFn: fetchNotificationMutes, gcTime: 0 });
  if (mutes.isPending) return <Loading />;
  if (mutes.isError) return <p role="alert">{messageOf(mutes.error)}</p>;
  return <MutesChoice initial={mutes.data.muted} />;
}

function MutesChoice({ initial }: { initial: readonly NotificationKind[] }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [muted, setMuted] = useState<ReadonlySet<NotificationKind>>(() => new Set(initial));
  const save = useMutation({
    mutationFn: () => saveNotificationMutes({ muted: NOTIFICATION_KINDS.filter((kind) => muted.has(kind)) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(mutesKey, saved);
      toast.success(M.mutesSaved);
    },
    onError: (error) => toast.error(messageOf(error)),
  });

  const flip = (kind: NotificationKind) =>
    setMuted((current) => {
      const next = new Set(current);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form className="notification-mutes" onSubmit={submit}>
      <fieldset className="notification-mutes__kinds">
        <legend className="notification-mutes__legend">{M.settingsHeading}</legend>
        <p className="notification-mutes__hint">{M.settingsHint}</p>
        {NOTIFICATION_KINDS.map((kind) => (
          <label key={kind} className="notification-mutes__kind">
            <input type="checkbox" checked={!muted.has(kind)} onChange={() => flip(kind)} />
            <span>{NOTIFICATION_KIND_LABELS[kind]}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {M.save}
      </button>
    </form>
  );
}
