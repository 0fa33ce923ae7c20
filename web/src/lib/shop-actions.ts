import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { api } from './api.ts';
import { currentSession } from './auth.ts';
import { canKeepGuestCart } from './guest-cart.ts';
import { addGuestLine } from './guest-cart-edit.ts';
import { keys } from './query.ts';
import { type Intent, rememberIntent } from './resume.ts';
import { toast } from './toast.ts';
import type { Product } from './types.ts';

export const MUST_LOGIN = 'You Must Login First';
export const SELLER_ACCOUNT = 'You are in a seller account';

/**
 * SPEC §4 gate for buying, carting and reviewing: users may; sellers (and admins) are warned;
 * visitors are warned and sent to /login, and `intent` is finished after they log in (lib/resume.ts).
 * Returns whether the action may go on.
 */
export function useCustomerGate() {
  const navigate = useNavigate();
  const location = useLocation();
  return (intent: Intent = { kind: 'return' }): boolean => {
    const { role } = currentSession();
    if (role === 'user') return true;
    if (role === 'seller' || role === 'admin') {
      toast.warn(SELLER_ACCOUNT);
      return false;
    }
    toast.warn(MUST_LOGIN);
    // Come back here after logging in, and finish what was asked.
    const here = location.pathname + location.search;
    rememberIntent(intent, here);
    navigate('/login', { state: { from: here } });
    return false;
  };
}

/**
 * Add to cart (one piece unless a quantity is given) with SPEC's rules and toasts; refreshes the
 * cart. A visitor's pieces go into this browser's guest cart, merged into the account at login.
 */
export function useAddToCart() {
  const gate = useCustomerGate();
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: ({ productId, quantity }: { productId: string; quantity: number }) =>
      api<{ success: boolean }>('/api/user/add-to-cart', {
        method: 'POST',
        as: 'user',
        // SPEC §7 sends only productId (one piece); the product page's stepper may ask for more.
        body: quantity > 1 ? { productId, quantity } : { productId },
      }),
    onSuccess: () => toast.success('Added to cart'),
    onError: (err) => toast.error(err.message),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.cart }),
  });
  return {
    addToCart: (product: Pick<Product, '_id' | 'stockQuantity'>, quantity = 1) => {
      if (currentSession().role === 'visitor' && canKeepGuestCart()) {
        addGuestLine(product._id, quantity, product.stockQuantity);
        toast.success('Added to cart');
        return;
      }
      if (gate({ kind: 'add-to-cart', productId: product._id, quantity })) {
        m.mutate({ productId: product._id, quantity });
      }
    },
    pendingId: m.isPending ? m.variables?.productId : undefined,
  };
}

/** Buy Now: a hosted checkout for this product and quantity; the browser leaves for the provider. */
export function useBuyNow() {
  const gate = useCustomerGate();
  const m = useMutation({
    mutationFn: ({ product, quantity }: { product: Product; quantity: number }) =>
      api<{ id: string; url?: string }>('/api/user/checkout-session-buyNow', {
        method: 'POST',
        as: 'user',
        body: { product, quantity },
      }),
    onSuccess: (session) => {
      if (session.url) window.location.assign(session.url);
      else toast.error('The payment page could not be opened. Please try again.');
    },
    onError: (err) => toast.error(err.message),
  });
  return {
    buyNow: (product: Product, quantity = 1) => {
      if (gate({ kind: 'buy-now', productId: product._id, quantity })) m.mutate({ product, quantity });
    },
    pendingId: m.isPending ? m.variables?.product._id : undefined,
  };
}
