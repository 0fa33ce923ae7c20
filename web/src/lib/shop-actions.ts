import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { currentSession } from './auth.ts';
import { canKeepGuestCart } from './guest-cart.ts';
import { addGuestLine } from './guest-cart-edit.ts';
import { useI18n } from './i18n.tsx';
import { productPath, rememberProduct } from './product-link.ts';
import { keys } from './query.ts';
import { type Intent, rememberIntent } from './resume.ts';
import { useLocation, useNavigate } from './router.tsx';
import { toast } from './toast.ts';
import type { Product } from './types.ts';

export const MUST_LOGIN = /*i18n*/ 'You Must Login First';
export const SELLER_ACCOUNT = /*i18n*/ 'You are in a seller account';

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

/** The size to buy: the one chosen, else the product's only variant; undefined when a choice is needed. */
export function chosenVariantId(
  product: Pick<Product, 'variants'>,
  variantId: string | undefined,
): string | undefined {
  if (variantId) return variantId;
  return product.variants.length === 1 ? product.variants[0]?._id : undefined;
}

/** Whether the shopper must pick a size (or colour) on the product page before buying. */
export const needsChoice = (product: Pick<Product, 'variants'>) => product.variants.length > 1;

/** A card cannot choose a size: it sends the shopper to the product page to choose one. */
function useChooseSize() {
  const i18n = useI18n();
  const navigate = useNavigate();
  return (productId: string) => {
    toast.info(i18n._('Please choose a size'));
    rememberProduct(productId);
    navigate(productPath(productId));
  };
}

type Buyable = Pick<Product, '_id' | 'stockQuantity' | 'variants'>;

/**
 * Add to cart (one piece unless a quantity is given) in the size chosen, with SPEC's rules and
 * toasts; refreshes the cart. A product with several sizes and none chosen opens its page instead.
 * A visitor's pieces go into this browser's guest cart, merged into the account at login.
 */
export function useAddToCart() {
  const i18n = useI18n();
  const gate = useCustomerGate();
  const chooseSize = useChooseSize();
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: ({
      productId,
      variantId,
      quantity,
    }: {
      productId: string;
      variantId?: string;
      quantity: number;
    }) =>
      api<{ success: boolean }>('/api/user/add-to-cart', {
        method: 'POST',
        as: 'user',
        body: cartBody(productId, variantId, quantity),
      }),
    onSuccess: () => toast.success(i18n._('Added to cart')),
    onError: (err) => toast.error(err.message),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.cart }),
  });
  return {
    addToCart: (product: Buyable, quantity = 1, variantId?: string) => {
      const chosen = chosenVariantId(product, variantId);
      if (!chosen && needsChoice(product)) return chooseSize(product._id);
      const variant = product.variants.find((v) => v._id === chosen);
      if (currentSession().role === 'visitor' && canKeepGuestCart()) {
        addGuestLine(
          { productId: product._id, variantId: chosen },
          quantity,
          variant?.stock ?? product.stockQuantity,
        );
        toast.success(i18n._('Added to cart'));
        return;
      }
      if (gate({ kind: 'add-to-cart', productId: product._id, variantId: chosen, quantity })) {
        m.mutate({ productId: product._id, variantId: chosen, quantity });
      }
    },
    pendingId: m.isPending ? m.variables?.productId : undefined,
  };
}

/**
 * The add-to-cart body: SPEC §7 sends only productId (one piece); a size and a quantity above one
 * are added when there are.
 */
export function cartBody(productId: string, variantId: string | undefined, quantity: number) {
  return {
    productId,
    ...(variantId ? { variantId } : {}),
    ...(quantity > 1 ? { quantity } : {}),
  };
}

/** Buy Now: a hosted checkout for this product, size and quantity; the browser leaves for the provider. */
export function useBuyNow() {
  const i18n = useI18n();
  const gate = useCustomerGate();
  const chooseSize = useChooseSize();
  const m = useMutation({
    mutationFn: (body: { productId: string; variantId?: string; quantity: number }) =>
      api<{ id: string; url?: string }>('/api/user/checkout-session-buyNow', {
        method: 'POST',
        as: 'user',
        body,
      }),
    onSuccess: (session) => {
      if (session.url) window.location.assign(session.url);
      else toast.error(i18n._('The payment page could not be opened. Please try again.'));
    },
    onError: (err) => toast.error(err.message),
  });
  return {
    buyNow: (product: Buyable, quantity = 1, variantId?: string) => {
      const chosen = chosenVariantId(product, variantId);
      if (!chosen && needsChoice(product)) return chooseSize(product._id);
      if (gate({ kind: 'buy-now', productId: product._id, variantId: chosen, quantity })) {
        m.mutate({ productId: product._id, variantId: chosen, quantity });
      }
    },
    pendingId: m.isPending ? m.variables?.productId : undefined,
  };
}
