import { FLOW_MESSAGES as M, FLOW_RULES } from '@seyirlik/shared-contracts';
import { useEffect, useId, useMemo } from 'react';

/**
 * Photos chosen for a post, with a preview each and a button to drop one; the picker adds more
 * up to `room` (what the post can still take). Previews are object URLs, released when they go.
 */
export function PhotoPicker({
  photos,
  onChange,
  room,
  disabled,
}: {
  photos: readonly File[];
  onChange: (photos: File[]) => void;
  room: number;
  disabled?: boolean;
}) {
  const inputId = useId();
  const previews = useMemo(() => photos.map((photo) => URL.createObjectURL(photo)), [photos]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  return (
    <div className="photo-picker">
      {photos.length > 0 && (
        <ul className="photo-picker__previews">
          {photos.map((photo, index) => (
            <li key={previews[index]} className="photo-picker__preview">
              <img src={previews[index]} alt={photo.name} />
              <button
                type="button"
                className="photo-picker__remove"
                aria-label={M.removePhoto}
                title={M.removePhoto}
                disabled={disabled}
                onClick={() => onChange(photos.filter((_, other) => other !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={inputId} className={room > 0 && !disabled ? 'button button--secondary photo-picker__add' : 'button button--secondary photo-picker__add is-disabled'}>
        {M.addPhotos}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept={FLOW_RULES.photoAccept}
        multiple
        disabled={disabled || room <= 0}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          event.target.value = '';
          onChange([...photos, ...chosen]);
        }}
      />
    </div>
  );
}
