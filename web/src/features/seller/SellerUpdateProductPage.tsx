import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from '../../components/QueryError.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Link, useNavigate, useParams } from '../../lib/router.tsx';
import { STORAGE, store } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import { sellerKeys, updateProduct, useSellerProduct, useSellerProfile } from './api.ts';
import { ProductForm } from './ProductForm.tsx';
import { draftOf, toUpdateBody } from './product-form.ts';
import { SellerOnly } from './session.tsx';
import './seller.css';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * /update-product/:id, or /update-product with the id kept in local storage (SPEC §3
 * updateProductId). Prefilled with the size grid and photos; saving sends the whole grid and gallery.
 */
export default function SellerUpdateProductPage() {
  return (
    <SellerOnly>
      <UpdateProduct />
    </SellerOnly>
  );
}

function UpdateProduct() {
  const i18n = useI18n();
  const params = useParams();
  const id = params.id ?? store.get(STORAGE.updateProductId);
  const product = useSellerProduct(id);
  // The product page API is public: check ownership here so nobody edits (or sees a form for) another's product.
  const me = useSellerProfile();
  const qc = useQueryClient();
  const navigate = useNavigate();

  let body: ReactNode;
  if (!id)
    body = (
      <p>
        {i18n._('Choose a product to edit from')}{' '}
        <Link to="/seller-allProducts">{i18n._('All Products')}</Link>.
      </p>
    );
  else if (product.isPending || me.isPending) body = <Spinner label={i18n._('Loading the product')} />;
  else if (product.error) body = <QueryError error={product.error} onRetry={() => product.refetch()} />;
  else if (!product.data) body = <p>{i18n._('This product was not found.')}</p>;
  else if (me.data && product.data.sellerId !== me.data._id)
    body = (
      <p className="form-error" role="alert">
        {i18n._('This product is not one of yours.')}{' '}
        <Link to="/seller-allProducts">{i18n._('See your products')}</Link>
      </p>
    );
  else {
    const p = product.data;
    body = (
      <ProductForm
        key={p._id}
        initial={draftOf(p)}
        imageRequired={false}
        submitLabel={i18n._('Update Product')}
        onSave={async ({ values, grid, chart }, images) => {
          const answer = await updateProduct(toUpdateBody(p._id, values, images, grid, chart));
          // Only after the server confirmed (DESIGN §9: the old client toasted first).
          toast.success(i18n._('Product Updated'));
          if (answer.message) toast.info(answer.message);
          await qc.invalidateQueries({ queryKey: sellerKeys.all });
          navigate('/seller-allProducts');
        }}
        onFailed={(err) => {
          toast.error(err.message || i18n._('Something went wrong'));
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    );
  }
  return (
    <section className="page seller-page seller-form-page">
      <div className="page-head">
        <h1>{i18n._('Update Product')}</h1>
        <Link to="/seller-allProducts">{i18n._('All Products')}</Link>
      </div>
      {body}
    </section>
  );
}
