import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WishlistAnswer, WishlistChangeAnswer } from '@vastra/contracts';
import { api } from './api.ts';
import { useSession } from './auth.ts';
import { useI18n } from './i18n.tsx';
import { keys } from './query.ts';
import { useCustomerGate } from './shop-actions.ts';
import { toast } from './toast.ts';

export const fetchWishlist = () => api<WishlistAnswer>('/api/user/wishlist', { as: 'user' });

export const saveToWishlist = (productId: string) =>
  api<WishlistChangeAnswer>('/api/user/wishlist', { method: 'POST', as: 'user', body: { productId } });

export const removeFromWishlist = (productId: string) =>
  api<WishlistChangeAnswer>(`/api/user/wishlist/${encodeURIComponent(productId)}`, {
    method: 'DELETE',
    as: 'user',
  });

/** The customer's wishlist (newest first); visitors, sellers and admins have none. */
export function useWishlist() {
  const { role } = useSession();
  return useQuery({ queryKey: keys.wishlist, queryFn: fetchWishlist, enabled: role === 'user' });
}

/**
 * The heart's state and its toggle. The heart turns at once (the list is updated in the cache
 * before the call) and turns back if the call fails. Visitors are sent to log in; the save
 * happens after login (lib/resume.ts).
 */
export function useWishlistToggle(productId: string) {
  const i18n = useI18n();
  const qc = useQueryClient();
  const gate = useCustomerGate();
  const saved = (useWishlist().data?.products ?? []).some((p) => p._id === productId);
  const m = useMutation({
    mutationFn: (save: boolean) => (save ? saveToWishlist(productId) : removeFromWishlist(productId)),
    onMutate: async (save) => {
      await qc.cancelQueries({ queryKey: keys.wishlist });
      const before = qc.getQueryData<WishlistAnswer>(keys.wishlist);
      if (before && !save) {
        qc.setQueryData<WishlistAnswer>(keys.wishlist, {
          ...before,
          products: before.products.filter((p) => p._id !== productId),
        });
      }
      return { before };
    },
    onSuccess: (_, save) =>
      toast.success(save ? i18n._('Added to your wishlist') : i18n._('Removed from your wishlist')),
    onError: (err, _, context) => {
      if (context?.before) qc.setQueryData(keys.wishlist, context.before);
      toast.error(err.message);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: keys.wishlist }),
  });
  // While a save is on its way the heart already shows it.
  const pressed = m.isPending ? m.variables : saved;
  return {
    saved: pressed,
    busy: m.isPending,
    toggle: () => {
      if (gate({ kind: 'wishlist', productId })) m.mutate(!saved);
    },
  };
}
