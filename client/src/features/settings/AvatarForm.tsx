import { ACCOUNT_MESSAGES, ACCOUNT_RULES } from '@seyirlik/shared-contracts';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { TEXT } from '../../app/messages';
import { Avatar } from '../../ui/Avatar';
import { SubmitButton } from '../../ui/SubmitButton';
import { useFailureToast } from '../session/useFailureToast';
import { useToast } from '../toast/toasts';
import { uploadAvatar } from './settingsApi';
import type { SettingsFormProps } from './settingsForm';

/** Why a chosen file cannot be sent, checked before the upload (the server checks the content again). */
function problemWith(file: File | undefined): string | null {
  if (!file) return ACCOUNT_MESSAGES.avatarMissing;
  if (!file.type.startsWith('image/')) return ACCOUNT_MESSAGES.avatarNotImage;
  if (file.size > ACCOUNT_RULES.avatarMaxBytes) return ACCOUNT_MESSAGES.avatarTooLarge;
  return null;
}

/** "Profil Resmi": choose an image, see it, upload it with its progress; the header shows it afterwards. */
export function AvatarForm({ account, onSaved }: SettingsFormProps) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const problemId = useId();

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    const found = problemWith(chosen);
    setProblem(found);
    setFile(found ? null : (chosen ?? null));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setProblem(ACCOUNT_MESSAGES.avatarMissing);
      return;
    }
    setProgress(0);
    try {
      const { account: saved, message } = await uploadAvatar(file, setProgress);
      onSaved(saved);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      toast.success(message);
    } catch (error) {
      showFailure(error);
    } finally {
      setProgress(null);
    }
  };

  return (
    <form className="form settings-form avatar-form" onSubmit={submit} noValidate>
      <figure className="avatar-form__figure">
        <Avatar
          name={account.profileName}
          imageUrl={previewUrl ?? account.avatarUrl}
          size={128}
          className="avatar-form__image"
        />
        {previewUrl && (
          <figcaption className="avatar-form__caption">{TEXT.settings.preview}</figcaption>
        )}
      </figure>
      <div className="avatar-form__controls">
        <label className="button button--secondary file-picker">
          <input
            ref={inputRef}
            type="file"
            accept="image/*"
            className="visually-hidden"
            onChange={choose}
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            aria-invalid={problem ? true : undefined}
          />
          <span>{TEXT.settings.chooseImage}</span>
        </label>
        {file && <p className="avatar-form__file-name">{file.name}</p>}
        <p id={hintId} className="field__hint">
          {TEXT.settings.avatarHint}
        </p>
        {problem && (
          <p id={problemId} className="field__error" role="alert">
            {problem}
          </p>
        )}
        {progress !== null && (
          <div className="avatar-form__progress" role="status">
            <progress max={100} value={progress} aria-label={TEXT.settings.uploading(progress)} />
            <span>{TEXT.settings.uploading(progress)}</span>
          </div>
        )}
        <div className="form__actions">
          <SubmitButton pending={progress !== null}>{TEXT.settings.upload}</SubmitButton>
        </div>
      </div>
    </form>
  );
}
