import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { imageProps } from '../../lib/images.ts';
import type { Product } from '../../lib/types.ts';

type Photo = Product['images'][number];

/** The largest rendition of an uploaded image (`…/1280.webp`); other URLs as they are. */
export const zoomUrl = (url: string) => url.replace(/\/(320|640)\.webp$/, '/1280.webp');

/**
 * The product's photos: the one shown, with arrows and thumbnails. Phones swipe it (a horizontal
 * scroll snapping to each photo, no script needed for the gesture); arrow keys step through it; a
 * mouse hovering it sees the 1280 px rendition magnified under the pointer. The frame keeps a 4:5
 * shape whatever loads, so nothing below it moves. Keyed by product: a new one starts at its cover.
 */
export function Gallery({ photos, productName }: { photos: Photo[]; productName: string }) {
  const i18n = useI18n();
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | undefined>();
  const track = useRef<HTMLUListElement>(null);
  const count = photos.length;
  const altOf = (p: Photo, i: number) => p.alt || `${productName}, photo ${i + 1} of ${count}`;

  const show = (next: number) => {
    const i = (next + count) % count;
    setIndex(i);
    const t = track.current;
    t?.scrollTo?.({ left: i * t.clientWidth, behavior: 'smooth' });
  };
  // A swipe ends on a snap point: the photo under it becomes the one shown.
  const onScroll = () => {
    const t = track.current;
    if (!t || t.clientWidth === 0) return;
    const i = Math.round(t.scrollLeft / t.clientWidth);
    if (i !== index && i >= 0 && i < count) setIndex(i);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (count < 2) return;
    if (e.key === 'ArrowRight') show(index + 1);
    else if (e.key === 'ArrowLeft') show(index - 1);
    else return;
    e.preventDefault();
  };
  // Only a mouse zooms: a finger on a phone is swiping.
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType !== 'mouse') return;
    const r = e.currentTarget.getBoundingClientRect();
    setZoom({ x: ((e.clientX - r.left) / r.width) * 100, y: ((e.clientY - r.top) / r.height) * 100 });
  };
  const current = photos[index];

  return (
    <div className="gallery">
      <div className="gallery-main" onPointerMove={onPointerMove} onPointerLeave={() => setZoom(undefined)}>
        <ul
          ref={track}
          className="gallery-track"
          onScroll={onScroll}
          onKeyDown={onKeyDown}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
          tabIndex={0}
          aria-roledescription="carousel"
          aria-label={i18n._('Photos of {name}', { name: productName })}
        >
          {photos.map((p, i) => (
            <li key={p.url} className="gallery-slide" aria-hidden={i !== index || undefined}>
              <img
                {...imageProps(p.url, '(min-width: 800px) 45vw, 100vw')}
                alt={altOf(p, i)}
                width={640}
                height={800}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                draggable={false}
              />
            </li>
          ))}
        </ul>
        {zoom && current && (
          <div
            className="gallery-zoom"
            aria-hidden="true"
            data-testid="gallery-zoom"
            style={{
              backgroundImage: `url("${zoomUrl(current.url)}")`,
              backgroundPosition: `${zoom.x}% ${zoom.y}%`,
            }}
          />
        )}
        {count > 1 && (
          <>
            <button
              type="button"
              className="gallery-arrow prev"
              aria-label={i18n._('Previous photo')}
              onClick={() => show(index - 1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="gallery-arrow next"
              aria-label={i18n._('Next photo')}
              onClick={() => show(index + 1)}
            >
              ›
            </button>
            <span className="gallery-count" aria-live="polite">
              {index + 1} / {count}
            </span>
          </>
        )}
      </div>
      {count > 1 && (
        <fieldset className="gallery-thumbs">
          <legend className="visually-hidden">{i18n._('Choose a photo')}</legend>
          {photos.map((p, i) => (
            <button
              key={p.url}
              type="button"
              className="gallery-thumb"
              aria-label={i18n._('Show photo {n} of {count}', { n: i + 1, count })}
              aria-current={i === index || undefined}
              onClick={() => show(i)}
            >
              <img {...imageProps(p.url, '64px')} alt="" width={64} height={80} loading="lazy" />
            </button>
          ))}
        </fieldset>
      )}
    </div>
  );
}
