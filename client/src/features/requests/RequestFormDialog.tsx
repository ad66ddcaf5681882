import { zodResolver } from '@hookform/resolvers/zod';
import { REQUEST_MESSAGES as M, REQUEST_RULES, TITLE_KIND_LABELS, TITLE_KINDS, newRequestSchema } from '@seyirlik/shared-contracts';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, messageOf } from '../../lib/api';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { PendingDialog } from '../../ui/PendingDialog';
import { SubmitButton } from '../../ui/SubmitButton';
import { useToast } from '../toast/toasts';
import { createRequest } from './requestsApi';
import { useRequestCache } from './useRequests';

/** Where a 409 says the title or the request already is. */
function existingLink(failure: unknown): string | null {
  const link = failure instanceof ApiError && failure.status === 409 ? (failure.body as { link?: unknown } | null)?.link : null;
  return typeof link === 'string' && link.startsWith('/') ? link : null;
}

/**
 * The new request form (the seed's fields): the title's name (from the search), its kind, and
 * optionally its TMDB number and a poster's https address; the shared schema's messages, nothing
 * sent otherwise. While it is sent the seed's waiting dialog shows. A title the site has, or one
 * requested already, sends the member there.
 */
export function RequestFormDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const cache = useRequestCache();
  const typeId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(newRequestSchema), defaultValues: { name, type: 'dizi', id: '', image: '' } });

  const submit = handleSubmit(async (fields) => {
    setServerError(null);
    try {
      const reply = await createRequest({ name: fields.name, type: fields.kind, id: fields.externalId ? String(fields.externalId) : '', image: fields.image ?? '' });
      toast.success(reply.message);
      await cache.added();
      onClose();
      await navigate({ to: '/istekler/$id', params: { id: String(reply.request.id) } });
    } catch (failure) {
      const link = existingLink(failure);
      if (link) {
        toast.info(messageOf(failure));
        onClose();
        await navigate({ to: link });
        return;
      }
      setServerError(messageOf(failure));
    }
  });

  const fieldError = (field: string) => (errors as Record<string, { message?: string } | undefined>)[field]?.message;
  return (
    <>
      <Dialog title={M.formTitle} onClose={isSubmitting ? undefined : onClose} busy={isSubmitting} className="request-form">
        <form className="form" onSubmit={submit} noValidate>
          <TextField label={M.nameLabel} registration={register('name')} error={fieldError('name')} maxLength={REQUEST_RULES.nameMaxLength} autoComplete="off" required />
          <div className={fieldError('type') ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={typeId}>
              {M.typeLabel}
            </label>
            <select id={typeId} className="field__input" {...register('type')}>
              {TITLE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {TITLE_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
            {fieldError('type') && <p className="field__error">{fieldError('type')}</p>}
          </div>
          <TextField label={M.externalIdLabel} registration={register('id')} error={fieldError('id')} inputMode="numeric" autoComplete="off" />
          <TextField label={M.imageLabel} registration={register('image')} error={fieldError('image')} maxLength={REQUEST_RULES.imageMaxLength} inputMode="url" placeholder="https://" />
          {serverError && (
            <p className="field__error" role="alert">
              {serverError}
            </p>
          )}
          <div className="form__actions">
            <button type="button" className="button button--secondary" onClick={onClose} disabled={isSubmitting}>
              {M.cancel}
            </button>
            <SubmitButton pending={isSubmitting}>{M.request}</SubmitButton>
          </div>
        </form>
      </Dialog>
      {isSubmitting && <PendingDialog />}
    </>
  );
}
