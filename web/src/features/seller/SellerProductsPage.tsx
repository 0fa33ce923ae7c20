import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { formatDate, formatRupees } from '../../lib/format.ts';
import { imageProps } from '../../lib/images.ts';
import { productPath } from '../../lib/product-link.ts';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { STORAGE, store } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import type { Product } from '../../lib/types.ts';
import { deleteProduct, PRODUCTS_PER_PAGE, sellerKeys, useSellerProducts } from './api.ts';
import { HiddenProductsBanner } from './gst-registration.tsx';
import { isLow, lowStockNote, variantLabel } from './low-stock.ts';
import { NoPickupBanner } from './PickupAddressSection.tsx';
import { SellerOnly } from './session.tsx';
import './seller.css';
import { useI18n } from '../../lib/i18n.tsx';

/** /seller-allProducts: the seller's products, newest first, with edit and delete. */
export default function SellerProductsPage() {
  return (
    <SellerOnly>
      <SellerProducts />
    </SellerOnly>
  );
}

function SellerProducts() {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const products = useSellerProducts(page);
  const qc = useQueryClient();
  const [doomed, setDoomed] = useState<Product | null>(null);
  const remove = useMutation({
    mutationFn: (p: Product) => deleteProduct(p._id),
    onSuccess: (_, p) => {
      toast.success(`“${p.productName}” deleted`);
      setDoomed(null);
      return qc.invalidateQueries({ queryKey: sellerKeys.all });
    },
    onError: (err) => toast.error(err.message),
  });

  const total = products.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE));
  const offset = (page - 1) * PRODUCTS_PER_PAGE;

  return (
    <section className="page seller-page">
      <div className="page-head">
        <div className="page-title">
          <h1>{i18n._('All Products')}</h1>
          {products.data && (
            <p className="muted">
              {total === 1 ? i18n._('1 product') : i18n._('{total} products', { total })}
            </p>
          )}
        </div>
        <Link to="/seller-addProduct" className="btn btn-primary btn-sm">
          {i18n._('Add Product')}
        </Link>
      </div>
      <HiddenProductsBanner />
      <NoPickupBanner />
      <QueryState
        query={products}
        loading={i18n._('Loading your products')}
        isEmpty={(found) => found.items.length === 0}
        empty={
          <p className="card center">
            {i18n._('You have no products yet.')}{' '}
            <Link to="/seller-addProduct">{i18n._('Add your first product')}</Link>
          </p>
        }
      >
        {(found) => (
          <div className="table-wrap">
            <table className="data-table seller-products">
              <caption className="visually-hidden">{i18n._('Your products, newest first')}</caption>
              <thead>
                <tr>
                  <th scope="col">{i18n._('SL NO.')}</th>
                  <th scope="col">{i18n._('Image')}</th>
                  <th scope="col">{i18n._('Name')}</th>
                  <th scope="col">{i18n._('Date Added')}</th>
                  <th scope="col">{i18n._('Price')}</th>
                  <th scope="col">{i18n._('Stock')}</th>
                  <th scope="col">{i18n._('Sizes')}</th>
                  <th scope="col">{i18n._('Edit')}</th>
                  <th scope="col">{i18n._('Delete')}</th>
                </tr>
              </thead>
              <tbody>
                {found.items.map((p, i) => (
                  <tr key={p._id}>
                    <td data-label={i18n._('SL NO.')}>{offset + i + 1}</td>
                    <td data-label={i18n._('Image')}>
                      <img
                        className="thumb"
                        alt=""
                        loading="lazy"
                        width={56}
                        height={56}
                        {...imageProps(p.image, '56px')}
                      />
                    </td>
                    <td data-label={i18n._('Name')} className="cell-name">
                      <div>
                        <Link to={productPath(p._id)}>{p.productName}</Link>
                        <ListingNote listing={p.listing} />
                      </div>
                    </td>
                    <td data-label={i18n._('Date Added')} className="cell-nowrap">
                      {formatDate(p.date)}
                    </td>
                    <td data-label={i18n._('Price')} className="cell-nowrap">
                      {formatRupees(p.price, i18n.locale)}
                    </td>
                    <td data-label={i18n._('Stock')}>{p.stockQuantity}</td>
                    <td data-label={i18n._('Sizes')} className="cell-sizes">
                      <SizesCell variants={p.variants} />
                    </td>
                    <td data-label={i18n._('Edit')} className="cell-action">
                      <Link
                        to={`/update-product/${p._id}`}
                        className="btn btn-sm"
                        onClick={() => store.set(STORAGE.updateProductId, p._id)}
                        aria-label={i18n._('Edit {name}', { name: p.productName })}
                      >
                        {i18n._('Edit')}
                      </Link>
                    </td>
                    <td data-label={i18n._('Delete')} className="cell-action">
                      <button
                        type="button"
                        className="btn btn-sm btn-danger"
                        onClick={() => setDoomed(p)}
                        aria-label={i18n._('Delete {name}', { name: p.productName })}
                      >
                        {i18n._('Delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      <Pagination page={page} pages={pages} onPage={(p) => setParams({ page: String(p) })} />
      {doomed && (
        <ConfirmDialog
          title={i18n._('Delete this product?')}
          message={`“${doomed.productName}” will be removed from the shop and from shoppers' carts. Orders already placed stay.`}
          confirmLabel={i18n._('Delete')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(doomed)}
          onCancel={() => setDoomed(null)}
        />
      )}
    </section>
  );
}

/** Each size with its stock, and the ones running low (fewer than LOW_STOCK) named. */
function SizesCell({ variants }: { variants: Product['variants'] }) {
  const i18n = useI18n();
  const low = lowStockNote(variants, i18n);
  return (
    <div className="sizes-cell">
      <ul className="size-stock" aria-label={i18n._('Stock per size')}>
        {variants.map((v) => (
          <li key={v._id} className={isLow(v) ? 'is-low' : undefined}>
            {variantLabel(v)} <b>{v.stock}</b>
          </li>
        ))}
      </ul>
      {low && <p className="low-stock">{low}</p>}
    </div>
  );
}

const NOT_ON_SALE = { hidden: /*i18n*/ 'Hidden by Vastra', unpublished: /*i18n*/ 'Not on sale' } as const;

/** Why a product is not on sale (hidden by an admin, or unpublished without a GSTIN); nothing when it is. */
function ListingNote({ listing }: { listing: Product['listing'] }) {
  if (!listing || listing.status === 'active') return null;
  return (
    <div className="listing-note">
      <span className={`pill ${listing.status === 'hidden' ? 'pill-bad' : 'pill-warn'}`}>
        {NOT_ON_SALE[listing.status]}
      </span>
      {listing.reason && <p className="listing-reason">{listing.reason}</p>}
    </div>
  );
}
