import type { I18n } from '@lingui/core';
import type { Variant } from '@vastra/contracts';
import { LOW_STOCK } from '@vastra/contracts/constants';
import { useState } from 'react';
import { Price } from '../../components/Price.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { WishlistHeart } from '../../components/WishlistHeart.tsx';
import { useCartVariantKeys, variantKey } from '../../lib/cart.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useAddToCart, useBuyNow } from '../../lib/shop-actions.ts';
import type { Product } from '../../lib/types.ts';
import { BestOffer } from './BestOffer.tsx';
import { PincodeBox } from './PincodeBox.tsx';
import { SaleNote } from './SaleNote.tsx';
import { SizeChartDialog } from './SizeChartDialog.tsx';
import { VariantPicker } from './VariantPicker.tsx';
import { useVariantChoice } from './variant-choice.ts';

/** "Only 3 left" below LOW_STOCK, else "In stock"; "Sold out" at none. */
function stockText(i18n: I18n, stock: number): string {
  if (stock <= 0) return i18n._('Sold out');
  return stock < LOW_STOCK ? i18n._('Only {stock} left', { stock }) : i18n._('In stock');
}

/**
 * The price struck through: the chosen size's MRP, else the regular price its sale lowers; the
 * product's own (its cheapest size's) while none is chosen, or when it is not on sale.
 */
function markOf(p: Product, v: Variant | undefined): number | null {
  if (!v) return p.markPrice;
  if (v.mrp != null) return v.mrp;
  if (v.price < v.regularPrice) return v.regularPrice;
  return p.sale ? null : p.markPrice;
}

/** The size a piece of the product sells cheapest in while none is chosen. */
function cheapestInStock(p: Product): Variant | undefined {
  const inStock = p.variants.filter((x) => x.stock > 0);
  return [...(inStock.length ? inStock : p.variants)].sort((a, b) => a.price - b.price)[0];
}

/**
 * The product page's buying column: price and stock of the size chosen, colour and size choice,
 * size chart, quantity, Buy Now and Add to cart, and the delivery check. Both buttons wait for a size when there are
 * several (a single-variant product has its one chosen), and send it. Keyed by product.
 */
export function BuyBox({ product: p }: { product: Product }) {
  const i18n = useI18n();
  const choice = useVariantChoice(p);
  const [quantity, setQuantity] = useState(1);
  const [chartOpen, setChartOpen] = useState(false);
  const inCartKeys = useCartVariantKeys();
  const { addToCart, pendingId: adding } = useAddToCart();
  const { buyNow, pendingId: buying } = useBuyNow();

  const v = choice.chosen;
  const soldOut = p.stockQuantity <= 0;
  const waiting = !v && !soldOut;
  const inCart =
    !!v &&
    (inCartKeys.has(variantKey(p._id, v._id)) ||
      (p.variants.length === 1 && inCartKeys.has(variantKey(p._id))));
  const max = v?.stock ?? Math.max(0, ...p.variants.map((x) => x.stock));
  const prices = new Set(p.variants.filter((x) => x.stock > 0).map((x) => x.price));
  const shownQuantity = Math.min(quantity, Math.max(1, max));
  // The product's sale, unless the size chosen is not in it.
  const onSale = !!p.sale && (!v || v.price < v.regularPrice);
  // Delivery is promised for the size chosen, else the cheapest in stock (as the best offer is).
  const promised = v ?? cheapestInStock(p);

  return (
    <div className="buy-box">
      <p className="buy-price" data-testid="buy-price">
        {!v && prices.size > 1 && <span className="muted">{i18n._('From')} </span>}
        <Price price={v?.price ?? p.price} markPrice={markOf(p, v)} />
      </p>
      {onSale && <SaleNote sale={p.sale} />}
      <BestOffer productId={p._id} variantId={v?._id} />
      <p
        className={soldOut || (v && v.stock < LOW_STOCK) ? 'stock-out' : 'stock-ok'}
        data-testid="stock-line"
      >
        {stockText(i18n, v?.stock ?? p.stockQuantity)}
      </p>
      <VariantPicker
        colours={choice.colours}
        colour={choice.colour}
        options={choice.options}
        size={v?.size}
        onColour={choice.chooseColour}
        onSize={choice.chooseSize}
        onSizeChart={p.sizeChart ? () => setChartOpen(true) : undefined}
      />
      {!soldOut && (
        <div className="buy-row">
          <QuantityStepper value={shownQuantity} onChange={setQuantity} min={1} max={Math.max(1, max)} />
        </div>
      )}
      {waiting && (
        <p className="choose-hint" id="choose-hint" role="status">
          {i18n._('Select a size')}
        </p>
      )}
      <div className="buy-row">
        <button
          type="button"
          className="btn btn-accent"
          disabled={soldOut || waiting || buying === p._id}
          aria-describedby={waiting ? 'choose-hint' : undefined}
          onClick={() => v && buyNow(p, shownQuantity, v._id)}
        >
          {i18n._('Buy Now')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={soldOut || waiting || inCart || adding === p._id}
          aria-describedby={waiting ? 'choose-hint' : undefined}
          onClick={() => v && addToCart(p, shownQuantity, v._id)}
        >
          {inCart ? i18n._('Added') : i18n._('Add to cart')}
        </button>
        <WishlistHeart productId={p._id} />
      </div>
      <PincodeBox target={{ productId: p._id, variantId: promised?._id }} />
      {chartOpen && p.sizeChart && (
        <SizeChartDialog
          chart={p.sizeChart}
          productName={p.productName}
          highlight={v?.size}
          onClose={() => setChartOpen(false)}
        />
      )}
    </div>
  );
}
