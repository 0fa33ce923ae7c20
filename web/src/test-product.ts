import type { Product, Variant } from '@vastra/contracts';
import { FREE_SIZE } from '@vastra/contracts/constants';

/**
 * A product as the catalogue answers it, for the web's tests: one Free Size variant holding the
 * stock at the product's price unless `variants` are given (then stock and price follow them,
 * as the server's summary does).
 */
export function testProduct(over: Partial<Product> & { _id: string }): Product {
  const price = over.price ?? 500;
  const stock = over.stockQuantity ?? 5;
  const variants: Variant[] = over.variants ?? [
    {
      _id: `${over._id}-free`,
      size: FREE_SIZE,
      color: '',
      sku: `SKU-${over._id}`,
      stock,
      price,
      mrp: null,
      regularPrice: price,
    },
  ];
  const inStock = variants.filter((v) => v.stock > 0);
  const image = over.image ?? `/media/products/${over._id}/640.webp`;
  return {
    productName: 'Indigo Kurta',
    price: inStock.length > 0 ? Math.min(...inStock.map((v) => v.price)) : price,
    markPrice: null,
    stockQuantity: variants.reduce((n, v) => n + v.stock, 0),
    category: 'Mens',
    subCategory: 'gentsShirt',
    image,
    public_id: `products/${over._id}`,
    date: '2026-11-01T10:00:00.000Z',
    rating: 0,
    ratingCount: 0,
    color: '',
    brand: '',
    companyName: 'Kanchi Weaves',
    sellerId: 's1',
    description: '',
    images: [{ url: image, alt: '', public_id: `products/${over._id}` }],
    sizes: [...new Set(variants.map((v) => v.size))],
    sizeChart: null,
    hsn: '6205',
    regularPrice: price,
    sale: null,
    ...over,
    variants,
  };
}

/** A variant of size `size` (and colour), for `testProduct({ variants })`. */
export function testVariant(size: string, over: Partial<Variant> = {}): Variant {
  const color = over.color ?? '';
  return {
    _id: `v-${size}${color ? `-${color}` : ''}`,
    size,
    color,
    sku: `SKU-${size}${color}`,
    stock: 5,
    price: over.price ?? 500,
    mrp: null,
    regularPrice: over.price ?? 500,
    ...over,
  };
}
