import { useQuery } from '@tanstack/react-query';
import type { AddressBookAnswer, PromiseAnswer } from '@vastra/contracts';
import { api, qs } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.ts';
import { store } from '../../lib/storage.ts';

/**
 * The PIN code the shopper last checked delivery to, on this device. Its own key rather than one of
 * STORAGE's (SPEC §3's names, in the entry every page loads): only the product page reads it.
 */
export const PINCODE_KEY = 'deliveryPincode';

export const rememberedPincode = () => store.get(PINCODE_KEY) ?? '';
export const rememberPincode = (pincode: string) => store.set(PINCODE_KEY, pincode);

/** What the promise is asked for: the size chosen, or the product when it has no sizes to choose. */
export interface PromiseFor {
  productId: string;
  variantId?: string;
}

/** `GET /api/delivery/promise`: the date, fee and COD of one piece to `pincode` (null: not asked). */
export function usePromise(target: PromiseFor, pincode: string | null) {
  const { productId, variantId } = target;
  return useQuery({
    queryKey: ['delivery-promise', variantId ?? productId, pincode],
    queryFn: () =>
      api<PromiseAnswer>(
        `/api/delivery/promise${qs(variantId ? { variantId, pincode } : { productId, pincode })}`,
      ),
    enabled: !!pincode,
    staleTime: 5 * 60_000,
  });
}

/**
 * The PIN code of a signed-in shopper's default address (the book answers the default first), to
 * fill the box when this device remembers none. Under the address book's cache key and shape.
 */
export function useDefaultPincode(wanted: boolean): string | undefined {
  const signedIn = useSession().role === 'user';
  const book = useQuery({
    queryKey: ['addresses'],
    queryFn: async () => (await api<AddressBookAnswer>('/api/user/addresses', { as: 'user' })).addresses,
    enabled: wanted && signedIn,
  });
  const list = book.data ?? [];
  return (list.find((a) => a.isDefault) ?? list[0])?.postalCode;
}
