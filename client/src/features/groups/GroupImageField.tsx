import { GROUP_MESSAGES as M, GROUP_RULES } from '@seyirlik/shared-contracts';
import { useEffect, useId, useMemo, useState } from 'react';
import { GROUP_TEXT } from './texts';

/** What the form does with one image: a new file, dropping the current one, or nothing (kept). */
export interface ImageChoice {
  file: File | null;
  remove: boolean;
}

export const KEEP_IMAGE: ImageChoice = { file: null, remove: false };

/** Why a chosen file cannot be sent, checked before sending (the server checks its content again). */
function problemWith(file: File): string | null {
  if (file.size === 0) return M.imageEmpty;
  if (!GROUP_RULES.imageAccept.split(',').includes(file.type)) return M.imageNotImage;
  if (file.size > GROUP_RULES.imageMaxBytes) return M.imageTooLarge;
  return null;
}

/**
 * A group's cover or poster in its form: the file input, a preview of the chosen file (or the
 * current image), and on the edit form a checkbox that drops the current image.
 */
export function GroupImageField({
  label,
  kind,
  currentUrl,
  removeLabel,
  choice,
  onChange,
  disabled,
}: {
  label: string;
  kind: 'cover' | 'poster';
  /** The image the group has now (edit form), or null. */
  currentUrl: string | null;
  removeLabel: string;
  choice: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const problemId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = useMemo(() => (choice.file ? URL.createObjectURL(choice.file) : null), [choice.file]);
  useEffect(() => () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);
  const shownUrl = previewUrl ?? (choice.remove ? null : currentUrl);

  return (
    <div className={problem ? 'field field--invalid group-image' : 'field group-image'}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {shownUrl && <img className={`group-image__preview group-image__preview--${kind}`} src={shownUrl} alt={previewUrl ? GROUP_TEXT.imagePreview : GROUP_TEXT.currentImage} />}
      <div className="group-image__picker">
        <label htmlFor={inputId} className={disabled ? 'button button--secondary is-disabled' : 'button button--secondary'}>
          {shownUrl ? GROUP_TEXT.changeImage : GROUP_TEXT.chooseImage}
        </label>
        <span className="group-image__file">{choice.file ? choice.file.name : GROUP_TEXT.noImageChosen}</span>
      </div>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept={GROUP_RULES.imageAccept}
        disabled={disabled}
        aria-describedby={problem ? problemId : undefined}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          const found = chosen ? problemWith(chosen) : null;
          setProblem(found);
          if (found) event.target.value = '';
          onChange({ file: found ? null : chosen, remove: false });
        }}
      />
      {problem && (
        <p id={problemId} className="field__error">
          {problem}
        </p>
      )}
      {currentUrl && !choice.file && (
        <label className="checkbox">
          <input type="checkbox" className="checkbox__input" checked={choice.remove} disabled={disabled} onChange={(event) => onChange({ file: null, remove: event.target.checked })} />
          <span>{removeLabel}</span>
        </label>
      )}
    </div>
  );
}
