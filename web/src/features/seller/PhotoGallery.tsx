import { CATALOG_LIMITS } from '@vastra/contracts/constants';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { addFiles, makeCover, movePhoto, type Photo } from './photos.ts';
import { IMAGE_MAX_MB } from './product-form.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** What a photo's thumbnail says it is (the first is the cover). */
const thumbAlt = (p: Photo, i: number) =>
  p.file
    ? i === 0
      ? /*i18n*/ 'Preview of the chosen image'
      : `Preview of photo ${i + 1}`
    : i === 0
      ? /*i18n*/ 'Current product image'
      : `Current photo ${i + 1}`;

/**
 * The product's photos: choose several, reorder them (buttons, so the keyboard can), make one the
 * cover, give each an alt text, remove. Chosen files upload when the form is saved, each with its
 * own progress bar.
 */
export function PhotoGallery({
  photos,
  label,
  error,
  onChange,
}: {
  photos: Photo[];
  label: string;
  error?: string;
  onChange: (photos: Photo[]) => void;
}) {
  const i18n = useI18n();
  const [problem, setProblem] = useState('');
  const [inputKey, setInputKey] = useState(0);
  const full = photos.length >= CATALOG_LIMITS.images;
  const describedBy = ['image-hint', problem || error ? 'image-err' : ''].filter(Boolean).join(' ');
  const remove = (i: number) => {
    const p = photos[i]!;
    if (p.preview) URL.revokeObjectURL(p.preview);
    onChange(photos.filter((_, at) => at !== i));
  };
  return (
    <section className="photo-gallery span-all" aria-labelledby="photos-title">
      <h2 id="photos-title" className="form-section-title">
        {i18n._('Photos')}
      </h2>
      <div className="field">
        <label htmlFor="image">{label}</label>
        <input
          key={inputKey}
          id="image"
          type="file"
          multiple
          accept={ACCEPT}
          disabled={full}
          aria-invalid={problem || error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            const result = addFiles(photos, [...(e.target.files ?? [])]);
            setProblem(result.problem ?? '');
            setInputKey((k) => k + 1);
            onChange(result.photos);
          }}
        />
        <span id="image-hint" className="muted field-hint">
          {i18n._('Up to')} {CATALOG_LIMITS.images} {i18n._('photos, JPEG, PNG or WebP, each up to')}{' '}
          {IMAGE_MAX_MB} {i18n._('MB. The first is the cover.')}
        </span>
        {(problem || error) && (
          <span id="image-err" className="field-error">
            {problem || error}
          </span>
        )}
      </div>
      {photos.length > 0 && (
        <ol className="photo-list">
          {photos.map((p, i) => {
            const n = i + 1;
            return (
              <li key={p.key} className="photo-item">
                <figure className="photo-thumb">
                  <img src={p.preview ?? p.url} alt={thumbAlt(p, i)} />
                  <figcaption>
                    {i === 0 ? <span className="pill">{i18n._('Cover')}</span> : `Photo ${n}`}
                  </figcaption>
                </figure>
                <div className="photo-fields">
                  <label className="visually-hidden" htmlFor={`alt-${p.key}`}>
                    {i18n._('Alt text of photo')} {n}
                  </label>
                  <input
                    id={`alt-${p.key}`}
                    className="input"
                    placeholder={i18n._('Describe the photo (e.g. Back view)')}
                    maxLength={CATALOG_LIMITS.imageAlt}
                    value={p.alt}
                    onChange={(e) =>
                      onChange(photos.map((x) => (x.key === p.key ? { ...x, alt: e.target.value } : x)))
                    }
                  />
                  {p.file && p.progress !== null && (
                    <div className="upload-progress">
                      <progress
                        max={100}
                        value={p.progress}
                        aria-label={i18n._('Upload progress of photo {n}', { n })}
                      />
                      <output aria-live="polite">{p.progress}%</output>
                    </div>
                  )}
                  <div className="photo-actions">
                    <button
                      type="button"
                      className="btn btn-sm"
                      // aria-disabled, not disabled: the focus stays on the button as its photo moves.
                      aria-disabled={i === 0 || undefined}
                      onClick={() => onChange(movePhoto(photos, i, -1))}
                      aria-label={i18n._('Move photo {n} up', { n })}
                    >
                      ↑ <span aria-hidden="true">{i18n._('Up')}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm"
                      aria-disabled={i === photos.length - 1 || undefined}
                      onClick={() => onChange(movePhoto(photos, i, 1))}
                      aria-label={i18n._('Move photo {n} down', { n })}
                    >
                      ↓ <span aria-hidden="true">{i18n._('Down')}</span>
                    </button>
                    {i > 0 && (
                      <button
                        type="button"
                        className="btn btn-sm"
                        onClick={() => onChange(makeCover(photos, i))}
                        aria-label={i18n._('Make photo {n} the cover', { n })}
                      >
                        {i18n._('Make cover')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-sm btn-danger"
                      onClick={() => remove(i)}
                      aria-label={i18n._('Remove photo {n}', { n })}
                    >
                      {i18n._('Remove')}
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
