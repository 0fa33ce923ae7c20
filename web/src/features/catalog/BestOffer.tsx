import { useQuery } from '@tanstack/react-query';
import type { BestOfferAnswer } from '@vastra/contracts';
import { api, qs } from '../../lib/api.ts';
import { formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

/** The best coupon on one piece of the product (the size chosen, else its cheapest), as the server decides it. */
export function useBestOffer(productId: string, variantId: string | undefined) {
  return useQuery({
    queryKey: ['best-offer', productId, variantId ?? ''],
    queryFn: async () =>
      (await api<BestOfferAnswer>(`/api/offers/best${qs({ productId, variantId })}`)).offer,
  });
}

/** "Best offer: Rs. 899.10 with FEST10" under the price, when a coupon takes something off it. */
export function BestOffer({ productId, variantId }: { productId: string; variantId?: string }) {
  const i18n = useI18n();
  const offer = useBestOffer(productId, variantId).data;
  if (!offer) return null;
  return (
    <p className="best-offer" data-testid="best-offer">
      {i18n._('Best offer: {price} with {code}', {
        price: formatRupees(offer.price, i18n.locale),
        code: offer.code,
      })}
    </p>
  );
}
