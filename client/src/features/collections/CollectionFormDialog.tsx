import { zodResolver } from '@hookform/resolvers/zod';
import { COLLECTION_MESSAGES as M, COLLECTION_RULES as R, collectionFieldsSchema, type CollectionTitle, type CollectionView } from '@seyirlik/shared-contracts';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { messageOf } from '../../lib/api';
import { Dialog } from '../../ui/Dialog';
import { TextAreaField, TextField } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { useToast } from '../toast/toasts';
import { CatalogPicker } from './CatalogPicker';
import { createCollection, updateCollection } from './collectionsApi';

type CollectionFormDialogProps =
  | { collection?: undefined; onClose: () => void }
  | {
      /** The collection being edited (its owner's edit modal). */
      collection: CollectionView;
      onClose: () => void;
      /** The saved collection; the page closes the modal. */
      onSaved: (collection: CollectionView) => void;
    };

/** Moves the item at `index` by `step` (-1 up, +1 down) when there is room. */
function moved<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * The create-collection modal (seed §1, §5), or its owner's edit modal: name, description, the
 * catalog search with Ekle / Eklendi, and the selected titles in order (up, down, out). A name and
 * at least one title are needed ('Lütfen gerekli alanları doldurunuz.', nothing sent otherwise).
 * Creating goes to the new collection after COLLECTION_RULES.createRedirectMs.
 */
export function CollectionFormDialog(props: CollectionFormDialogProps) {
  const { collection, onClose } = props;
  const navigate = useNavigate();
  const toast = useToast();
  const [selected, setSelected] = useState<CollectionTitle[]>(collection?.items ?? []);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(collectionFieldsSchema),
    defaultValues: { name: collection?.name ?? '', desc: collection?.description ?? '', list: selected.map((title) => title.id) },
  });

  const choose = (next: CollectionTitle[]) => {
    setSelected(next);
    setValue('list', next.map((title) => title.id));
  };
  const toggle = (title: CollectionTitle) => choose(selected.some((held) => held.id === title.id) ? selected.filter((held) => held.id !== title.id) : [...selected, title]);

  const refused = (errors: FieldErrors) => {
    const first = [errors.name?.message, errors.list?.message, errors.desc?.message].find((message) => typeof message === 'string');
    setFormError(typeof first === 'string' ? first : M.required);
  };

  const submit = handleSubmit(async (fields) => {
    setFormError(null);
    try {
      if (props.collection) {
        const reply = await updateCollection(props.collection.id, fields);
        toast.success(reply.message);
        props.onSaved(reply.collection);
        return;
      }
      const reply = await createCollection(fields);
      setCreated(true);
      toast.success(reply.message);
      redirect.current = window.setTimeout(() => void navigate({ to: reply.link }), R.createRedirectMs);
    } catch (failure) {
      setFormError(messageOf(failure));
    }
  }, refused);

  const busy = isSubmitting || created;
  const selectedIds = new Set(selected.map((title) => title.id));
  return (
    <Dialog title={collection ? M.editTitle : M.createTitle} onClose={busy ? undefined : onClose} busy={busy} className="collection-form">
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={M.name} registration={register('name')} maxLength={R.nameMaxLength} autoComplete="off" required />
        <TextAreaField label={M.description} registration={register('desc')} rows={3} maxLength={R.descriptionMaxLength} />
        <CatalogPicker selected={selectedIds} onToggle={toggle} disabled={busy} />
        <section className="collection-form__selected" aria-label={M.selected}>
          <h3 className="field__label">{M.selected}</h3>
          {selected.length === 0 ? (
            <p className="field__hint">{M.noneSelected}</p>
          ) : (
            <ol className="collection-form__items">
              {selected.map((title, index) => (
                <li key={title.id} className="collection-form__item">
                  <img src={title.posterUrl} alt="" width={32} height={48} loading="lazy" />
                  <span className="collection-form__item-name">{title.name}</span>
                  <button type="button" className="button button--secondary" aria-label={`${M.moveUp}: ${title.name}`} disabled={busy || index === 0} onClick={() => choose(moved(selected, index, -1))}>
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`${M.moveDown}: ${title.name}`}
                    disabled={busy || index === selected.length - 1}
                    onClick={() => choose(moved(selected, index, 1))}
                  >
                    ↓
                  </button>
                  <button type="button" className="button button--secondary" aria-label={`${M.remove}: ${title.name}`} disabled={busy} onClick={() => toggle(title)}>
                    {M.remove}
                  </button>
                </li>
              ))}
            </ol>
          )}
        </section>
        {formError && (
          <p className="field__error" role="alert">
            {formError}
          </p>
        )}
        {created && (
          <p className="collection-form__created" role="status">
            {M.created}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {M.cancel}
          </button>
          <SubmitButton pending={busy}>{collection ? M.save : M.create}</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
