import { zodResolver } from '@hookform/resolvers/zod';
import {
  DISCUSSION_CATEGORIES,
  DISCUSSION_CATEGORY_NAMES,
  DISCUSSION_MESSAGES as M,
  DISCUSSION_RULES,
  createDiscussionBodySchema,
  updateDiscussionBodySchema,
  type DiscussionDraft,
  type DiscussionSeries,
  type DiscussionView,
} from '@seyirlik/shared-contracts';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { messageOf } from '../../lib/api';
import { Dialog } from '../../ui/Dialog';
import { TextAreaField, TextField } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { useToast } from '../toast/toasts';
import { createDiscussion, updateDiscussion } from './discussionsApi';
import { useDiscussionCache } from './useDiscussions';

type DiscussionFormDialogProps =
  | {
      discussion?: undefined;
      /** The title the topic is opened about (the form came from its page), or null. */
      series: DiscussionSeries | null;
      onClose: () => void;
    }
  | {
      /** The topic being edited (its author's post edit modal). */
      discussion: DiscussionView;
      onClose: () => void;
      onSaved: (discussion: DiscussionView) => void;
    };

/** The API body of a draft the shared schema read: absent category keeps or derives it, absent series means none. */
const bodyOf = (draft: DiscussionDraft) => ({
  title: draft.title,
  text: draft.text,
  ...(draft.category === null ? {} : { category: draft.category }),
  ...(draft.seriesId === null ? {} : { seriesId: draft.seriesId }),
});

/**
 * The new-topic form (a category, or the title it is about) and its author's edit modal: title and
 * text required, with the shared schema's messages (seed §5), nothing sent otherwise. A new topic
 * is opened and the page goes to it after DISCUSSION_RULES.createRedirectMs.
 */
export function DiscussionFormDialog(props: DiscussionFormDialogProps) {
  const { discussion, onClose } = props;
  const navigate = useNavigate();
  const toast = useToast();
  const cache = useDiscussionCache();
  const categoryId = useId();
  const [series, setSeries] = useState<DiscussionSeries | null>(discussion ? discussion.series : props.series);
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(discussion ? updateDiscussionBodySchema : createDiscussionBodySchema),
    defaultValues: { title: discussion?.title ?? '', text: discussion?.text ?? '', category: discussion?.category ?? '', seriesId: series?.id ?? '' },
  });
  const unbind = () => {
    setSeries(null);
    setValue('seriesId', '');
  };

  const submit = handleSubmit(async (draft) => {
    setServerError(null);
    try {
      if (props.discussion) {
        const reply = await updateDiscussion(props.discussion.id, bodyOf(draft));
        cache.saved(reply.discussion);
        toast.success(reply.message);
        props.onSaved(reply.discussion);
        return;
      }
      const reply = await createDiscussion(bodyOf(draft));
      cache.saved(reply.discussion);
      setCreated(true);
      redirect.current = window.setTimeout(() => void navigate({ to: reply.link }), DISCUSSION_RULES.createRedirectMs);
    } catch (failure) {
      setServerError(messageOf(failure));
    }
  });

  const busy = isSubmitting || created;
  const fieldErrors = errors as Record<string, { message?: string } | undefined>;
  const formError = fieldErrors['']?.message ?? errors.root?.message;
  return (
    <Dialog title={discussion ? M.editTitle : M.formTitle} onClose={busy ? undefined : onClose} busy={busy} className="discussion-form">
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={M.titleLabel} registration={register('title')} error={fieldErrors.title?.message} maxLength={DISCUSSION_RULES.titleMaxLength} autoComplete="off" required />
        <div className={fieldErrors.category ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={categoryId}>
            {M.categoryLabel}
          </label>
          <select id={categoryId} className="field__input" {...register('category')} required={series === null}>
            <option value="">{M.categoryPlaceholder}</option>
            {DISCUSSION_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {DISCUSSION_CATEGORY_NAMES[category]}
              </option>
            ))}
          </select>
          {fieldErrors.category?.message && <p className="field__error">{fieldErrors.category.message}</p>}
        </div>
        {series && (
          <p className="discussion-form__series">
            {M.seriesLabel}: <strong>{series.name}</strong>{' '}
            <button type="button" className="button button--link" onClick={unbind} disabled={busy}>
              {M.unbindSeries}
            </button>
          </p>
        )}
        <TextAreaField label={M.textLabel} registration={register('text')} error={fieldErrors.text?.message} rows={8} required />
        {(formError || serverError) && (
          <p className="field__error" role="alert">
            {formError ?? serverError}
          </p>
        )}
        {created && (
          <p className="discussion-form__created" role="status">
            {M.created}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {M.cancel}
          </button>
          <SubmitButton pending={busy}>{discussion ? M.save : M.submit}</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
