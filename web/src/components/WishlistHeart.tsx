import { useWishlistToggle } from '../lib/wishlist.ts';
import './wishlist-heart.css';
import { useI18n } from '../lib/i18n.tsx';

const HeartIcon = ({ filled }: { filled: boolean }) => (
  <svg aria-hidden="true" focusable={false} width={22} height={22} viewBox="0 0 24 24">
    <path
      d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.7 1.1 5 2.9 1.3-1.8 3-2.9 5-2.9 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * The wishlist heart: a toggle button (aria-pressed) named for what a press does. On a card it
 * floats over the image's corner (`overlay`, no layout shift); on the product page it sits in the
 * button row with a visible "Wishlist" label. Visitors are asked to log in and the save resumes after.
 */
export function WishlistHeart({ productId, overlay = false }: { productId: string; overlay?: boolean }) {
  const i18n = useI18n();
  const { saved, busy, toggle } = useWishlistToggle(productId);
  return (
    <button
      type="button"
      className={`wishlist-heart${overlay ? ' is-overlay' : ' btn'}${saved ? ' is-saved' : ''}`}
      aria-pressed={saved}
      aria-label={saved ? i18n._('Remove from wishlist') : i18n._('Add to wishlist')}
      aria-busy={busy || undefined}
      onClick={toggle}
    >
      <HeartIcon filled={saved} />
      {!overlay && <span>{i18n._('Wishlist')}</span>}
    </button>
  );
}
