import { zodResolver } from '@hookform/resolvers/zod';
import { GROUP_MESSAGES as M, GROUP_RULES, GROUP_SOCIAL_LINKS, GROUP_SOCIALS, groupFieldsSchema, type GroupFields, type GroupSocial, type GroupView } from '@seyirlik/shared-contracts';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { messageOf } from '../../lib/api';
import { burstConfetti } from '../../ui/confetti';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Dialog } from '../../ui/Dialog';
import { TextAreaField, TextField } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { useToast } from '../toast/toasts';
import { GroupImageField, KEEP_IMAGE, type ImageChoice } from './GroupImageField';
import { createGroup, updateGroup } from './groupsApi';
import { MemberSearch } from './MemberSearch';
import { GROUP_TEXT } from './texts';

/** The form's values under the seed's field names (§3), as the group holds them or empty. */
function formValues(group: GroupView | undefined) {
  const socials = Object.fromEntries(GROUP_SOCIALS.map((social) => [social, group?.socials[social] ?? ''])) as Record<GroupSocial, string>;
  return {
    groupName: group?.name ?? '',
    groupDesc: group?.description ?? '',
    groupTagline: group?.tagline ?? '',
    groupWebsite: group?.website ?? '',
    private: group?.private ?? false,
    privacy: group?.privacy ?? false,
    ...socials,
  };
}

/** The multipart body of a create or an update: every field (a flag only when set), then the images' changes. */
function groupForm(fields: GroupFields, cover: ImageChoice, poster: ImageChoice): FormData {
  const form = new FormData();
  form.append('groupName', fields.name);
  form.append('groupDesc', fields.description);
  form.append('groupTagline', fields.tagline);
  form.append('groupWebsite', fields.website ?? '');
  if (fields.private) form.append('private', '1');
  if (fields.privacy) form.append('privacy', '1');
  GROUP_SOCIALS.forEach((social) => form.append(social, fields.socials[social] ?? ''));
  if (cover.file) form.append('cover', cover.file, cover.file.name);
  else if (cover.remove) form.append('removeCover', '1');
  if (poster.file) form.append('poster', poster.file, poster.file.name);
  else if (poster.remove) form.append('removePoster', '1');
  return form;
}

type GroupFormDialogProps =
  | { group?: undefined; onClose: () => void }
  | {
      /** The group being edited (its owner's manage modal). */
      group: GroupView;
      onClose: () => void;
      /** The saved group; the page closes the modal. */
      onSaved: (group: GroupView) => void;
      /** A member added from the member search. */
      onMemberAdded: (group: GroupView) => void;
      /** Deletes the group once confirmed, and leaves its page. */
      onDelete: () => Promise<void>;
    };

/**
 * The group create modal, or its owner's edit modal (`#manage`): name and description required
 * (seed §5, the shared schema's messages, nothing sent otherwise), tagline, website, the two flags
 * with their hints, the social usernames, cover and poster with previews. Creating bursts confetti
 * and goes to the new group after GROUP_RULES.createRedirectMs; the edit modal also adds members
 * and deletes the group.
 */
export function GroupFormDialog(props: GroupFormDialogProps) {
  const { group, onClose } = props;
  const navigate = useNavigate();
  const toast = useToast();
  const [cover, setCover] = useState<ImageChoice>(KEEP_IMAGE);
  const [poster, setPoster] = useState<ImageChoice>(KEEP_IMAGE);
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(groupFieldsSchema), defaultValues: formValues(group) });

  const submit = handleSubmit(async (fields) => {
    setServerError(null);
    try {
      const form = groupForm(fields, cover, poster);
      if (props.group) {
        const reply = await updateGroup(props.group.id, form);
        toast.success(reply.message);
        props.onSaved(reply.group);
        return;
      }
      const reply = await createGroup(form);
      setCreated(true);
      toast.success(reply.message);
      burstConfetti(GROUP_RULES.confettiMs);
      redirect.current = window.setTimeout(() => void navigate({ to: reply.link }), GROUP_RULES.createRedirectMs);
    } catch (failure) {
      setServerError(messageOf(failure));
    }
  });

  const busy = isSubmitting || created;
  const fieldError = (name: string) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  return (
    <Dialog title={group ? M.editTitle : M.createTitle} onClose={busy || confirmingDelete ? undefined : onClose} busy={busy} className="group-form">
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={M.name} registration={register('groupName')} error={fieldError('groupName')} maxLength={GROUP_RULES.nameMaxLength} autoComplete="off" required />
        <TextField label={M.tagline} registration={register('groupTagline')} error={fieldError('groupTagline')} maxLength={GROUP_RULES.taglineMaxLength} autoComplete="off" />
        <TextField label={M.website} registration={register('groupWebsite')} error={fieldError('groupWebsite')} maxLength={GROUP_RULES.websiteMaxLength} inputMode="url" placeholder="https://" />
        <TextAreaField label={M.description} registration={register('groupDesc')} error={fieldError('groupDesc')} rows={5} required />
        <div className="group-form__images">
          <GroupImageField label={M.cover} kind="cover" currentUrl={group?.coverUrl ?? null} removeLabel={GROUP_TEXT.removeCover} choice={cover} onChange={setCover} disabled={busy} />
          <GroupImageField label={M.poster} kind="poster" currentUrl={group?.posterUrl ?? null} removeLabel={GROUP_TEXT.removePoster} choice={poster} onChange={setPoster} disabled={busy} />
        </div>
        <div className="group-form__flags">
          <label className="group-form__flag">
            <input type="checkbox" className="checkbox__input" {...register('private')} />
            <span>
              <span className="group-form__flag-label">{M.privateLabel}</span>
              <span className="field__hint">{M.privateHint}</span>
            </span>
          </label>
          <label className="group-form__flag">
            <input type="checkbox" className="checkbox__input" {...register('privacy')} />
            <span>
              <span className="group-form__flag-label">{M.privacyLabel}</span>
              <span className="field__hint">{M.privacyHint}</span>
            </span>
          </label>
        </div>
        <fieldset className="group-form__socials">
          <legend className="field__label">{M.socials}</legend>
          {GROUP_SOCIALS.map((social) => (
            <TextField
              key={social}
              label={GROUP_SOCIAL_LINKS[social].label}
              registration={register(social)}
              error={fieldError(social)}
              maxLength={GROUP_RULES.socialMaxLength + 1}
              autoComplete="off"
              spellCheck={false}
            />
          ))}
        </fieldset>
        {serverError && (
          <p className="field__error" role="alert">
            {serverError}
          </p>
        )}
        {created && (
          <p className="group-form__created" role="status">
            {M.created}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {M.cancel}
          </button>
          <SubmitButton pending={busy}>{group ? M.save : M.create}</SubmitButton>
        </div>
      </form>
      {props.group && (
        <>
          <MemberSearch group={props.group} onAdded={props.onMemberAdded} />
          <div className="group-form__danger">
            <button type="button" className="button button--secondary group-form__delete" onClick={() => setConfirmingDelete(true)} disabled={busy}>
              {M.delete}
            </button>
          </div>
          {confirmingDelete && (
            <ConfirmDialog title={M.delete} question={M.deleteConfirm} confirmLabel={M.delete} cancelLabel={M.cancel} onConfirm={props.onDelete} onClose={() => setConfirmingDelete(false)} />
          )}
        </>
      )}
    </Dialog>
  );
}
