import type { CartMergeAnswer } from '@vastra/contracts';
import { api } from './api.ts';
import { clearGuestCart, guestLines } from './guest-cart.ts';
import { keys, queryClient } from './query.ts';
import { toast } from './toast.ts';

/**
 * What a visitor was doing when the shop asked them to log in, so that logging in (or signing up)
 * finishes it and returns to the page instead of losing the click (issue 20). Kept for this tab
 * only (sessionStorage) and for half an hour.
 */
export type Intent =
  | { kind: 'add-to-cart'; productId: string; variantId?: string; quantity: number }
  | { kind: 'buy-now'; productId: string; variantId?: string; quantity: number }
  | { kind: 'wishlist'; productId: string }
  | { kind: 'review'; productId: string; rating: number; reviewInput: string }
  | { kind: 'return' };

const KEY = 'afterLogin';
const MAX_AGE_MS = 30 * 60 * 1000;

interface Saved {
  intent: Intent;
  returnTo: string;
  at: number;
}

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Remembers what to do after login and where to come back to (the current page by default). */
export function rememberIntent(intent: Intent, returnTo = window.location.pathname + window.location.search) {
  try {
    session()?.setItem(KEY, JSON.stringify({ intent, returnTo, at: Date.now() } satisfies Saved));
  } catch {
    // No storage: the login still returns to the page (router state), the click is lost.
  }
}

/** The remembered intent, once: reading it forgets it. */
export function takeIntent(): Saved | undefined {
  const s = session();
  const raw = s?.getItem(KEY);
  s?.removeItem(KEY);
  if (!raw) return undefined;
  try {
    const saved = JSON.parse(raw) as Saved;
    return Date.now() - saved.at < MAX_AGE_MS && saved.returnTo.startsWith('/') ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Moves this browser's guest cart into the account's; the guest cart is kept if the call fails. */
export async function mergeGuestCart(): Promise<void> {
  const lines = guestLines();
  if (lines.length === 0) return;
  const merged = await api<CartMergeAnswer>('/api/user/cart/merge', {
    method: 'POST',
    as: 'user',
    body: { lines },
  });
  clearGuestCart();
  queryClient.setQueryData(keys.cart, merged);
  if (merged.capped.length > 0)
    toast.info(/*i18n*/ 'Some quantities in your cart were lowered to what is in stock');
  const needSize = merged.skipped.filter((s) => s.reason === 'choose a size').length;
  if (needSize > 0) toast.info(/*i18n*/ 'Some items in your cart need a size: open them again to choose one');
  if (merged.skipped.length > needSize)
    toast.info(/*i18n*/ 'Some items in your cart are no longer available');
}

async function perform(intent: Intent): Promise<void> {
  switch (intent.kind) {
    case 'add-to-cart': {
      const { productId, variantId, quantity } = intent;
      const body = { productId, ...(variantId ? { variantId } : {}), ...(quantity > 1 ? { quantity } : {}) };
      await api('/api/user/add-to-cart', { method: 'POST', as: 'user', body });
      await queryClient.invalidateQueries({ queryKey: keys.cart });
      toast.success(/*i18n*/ 'Added to cart');
      return;
    }
    case 'wishlist':
      await api('/api/user/wishlist', { method: 'POST', as: 'user', body: { productId: intent.productId } });
      await queryClient.invalidateQueries({ queryKey: keys.wishlist });
      toast.success(/*i18n*/ 'Added to your wishlist');
      return;
    case 'review': {
      const { kind: _, ...review } = intent;
      await api('/api/user/add-review', { method: 'POST', as: 'user', body: review });
      toast.success(/*i18n*/ 'Review posted');
      return;
    }
    case 'buy-now': {
      const session = await api<{ url?: string }>('/api/user/checkout-session-buyNow', {
        method: 'POST',
        as: 'user',
        body: { productId: intent.productId, variantId: intent.variantId, quantity: intent.quantity },
      });
      if (session.url) window.location.assign(session.url);
      return;
    }
    case 'return':
      return;
  }
}

/**
 * Runs after a customer logs in or signs up: merges the guest cart, then finishes the remembered
 * action. Answers where to go next (the page the action started on), or undefined. A failure is
 * shown and does not stop the login.
 */
export async function resumeAfterLogin(): Promise<string | undefined> {
  const saved = takeIntent();
  try {
    await mergeGuestCart();
  } catch (err) {
    toast.error((err as Error).message);
  }
  if (!saved) return undefined;
  try {
    await perform(saved.intent);
  } catch (err) {
    toast.error((err as Error).message);
  }
  return saved.returnTo;
}
