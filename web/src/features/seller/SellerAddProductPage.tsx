import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { addProduct, sellerKeys } from './api.ts';
import { HiddenProductsBanner } from './gst-registration.tsx';
import { NoPickupBanner } from './PickupAddressSection.tsx';
import { ProductForm } from './ProductForm.tsx';
import { EMPTY_DRAFT, toAddBody } from './product-form.ts';
import { SellerOnly } from './session.tsx';
import './seller.css';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * /seller-addProduct: upload the photos, then add the product; the form clears for the next one.
 * The server may save a product without publishing it (no GSTIN yet): its message says so.
 */
export default function SellerAddProductPage() {
  const i18n = useI18n();
  const qc = useQueryClient();
  const [added, setAdded] = useState<{ name: string; message?: string } | null>(null);
  return (
    <SellerOnly>
      <section className="page seller-page seller-form-page">
        <div className="page-head">
          <h1>{i18n._('Add Product')}</h1>
          <Link to="/seller-allProducts">{i18n._('All Products')}</Link>
        </div>
        <HiddenProductsBanner />
        <NoPickupBanner />
        {added && (
          <p className={added.message ? 'seller-notice is-warning' : 'seller-notice'} role="status">
            {added.message
              ? `“${added.name}”: ${added.message.replace(/\.?$/, '.')}`
              : `“${added.name}” was added to the shop.`}{' '}
            <Link to="/seller-allProducts">{i18n._('See your products')}</Link>
          </p>
        )}
        <ProductForm
          initial={EMPTY_DRAFT}
          imageRequired
          submitLabel={i18n._('Submit')}
          resetAfterSave
          onSave={async ({ values, grid, chart }, images) => {
            const answer = await addProduct(toAddBody(values, images, grid, chart));
            toast.success(i18n._('Product Added'));
            if (answer.message) toast.info(answer.message);
            setAdded({ name: values.productName.trim(), message: answer.message });
            await qc.invalidateQueries({ queryKey: sellerKeys.all });
          }}
          onFailed={() => {
            setAdded(null);
            toast.error(i18n._('Error uploading product'));
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      </section>
    </SellerOnly>
  );
}
