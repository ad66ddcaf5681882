import { FLOW_MESSAGES as M, FLOW_RULES, flowTextSchema, type FlowPost } from '@seyirlik/shared-contracts';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../lib/api';
import { Dialog } from '../../ui/Dialog';
import { SubmitButton } from '../../ui/SubmitButton';
import { useToast } from '../toast/toasts';
import { deleteFlowImage, editFlowPost } from './flowApi';
import { FlowPhoto } from './FlowPostCard';
import { PhotoPicker } from './PhotoPicker';

/**
 * Edits one's own post: its text (required, seed §5), photos added, and a photo removed at once
 * with its button. `post` is the listed post, so a photo finishing meanwhile shows here too.
 */
export function FlowEditDialog({ post, onSaved, onClose }: { post: FlowPost; onSaved: (post: FlowPost) => void; onClose: () => void }) {
  const [text, setText] = useState(post.body);
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const toast = useToast();
  const room = FLOW_RULES.photosMax - post.images.length - photos.length;

  const choosePhotos = (chosen: File[]) => {
    const fits = FLOW_RULES.photosMax - post.images.length;
    setError(chosen.length > fits ? M.tooManyPhotos : null);
    setPhotos(chosen.slice(0, Math.max(fits, 0)));
  };

  const removeImage = async (imageId: number) => {
    setPending(true);
    setError(null);
    try {
      const { post: changed, message } = await deleteFlowImage(imageId);
      onSaved(changed);
      toast.success(message);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setPending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = flowTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.textRequired);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const { post: changed, message } = await editFlowPost(post.id, parsed.data, photos);
      onSaved(changed);
      toast.success(message);
      onClose();
    } catch (failure) {
      setError(messageOf(failure));
      setPending(false);
    }
  };

  return (
    <Dialog title={M.editTitle} onClose={pending ? undefined : onClose} busy={pending} className="flow-edit">
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">{M.editTitle}</span>
          <textarea className="field__input field__input--multiline" value={text} disabled={pending} onChange={(event) => setText(event.target.value)} />
        </label>
        {post.images.length > 0 && (
          <ul className="flow-edit__photos">
            {post.images.map((image) => (
              <li key={image.id} className="flow-edit__photo">
                <FlowPhoto image={image} />
                <button type="button" className="button button--secondary flow-edit__remove" disabled={pending} onClick={() => void removeImage(image.id)}>
                  {M.removePhoto}
                </button>
              </li>
            ))}
          </ul>
        )}
        <PhotoPicker photos={photos} onChange={choosePhotos} room={room} disabled={pending} />
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={pending}>
            {M.cancel}
          </button>
          <SubmitButton pending={pending}>{M.save}</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
