/** The catalogue: products, their stock, listings and the catalogue cache. Other code imports only this file. */
export { type CacheLoad, catalogCacheOf, sendCached } from './cache.ts';
export { hideProduct, publishHeldProducts } from './hide-product.ts';
export { releaseImageIfUnused } from './image-cleanup.ts';
export { type CartPricing, type PricedCart, priceLines } from './pricing.ts';
export { productIdToDelete } from './product-id.ts';
export {
  byVariantOrder,
  colourOf,
  findVisibleProduct,
  hsnOf,
  isVisible,
  lineName,
  namedVariant,
  type ProductRow,
  productColumns,
  publicView,
  toApiProduct,
  type VariantRow,
  variantSalesSql,
  variantsJson,
} from './product-view.ts';
export { recomputeProductRating } from './rating.ts';
export {
  EMPTY_CALENDAR,
  NO_SALE,
  type OpenSales,
  SaleCalendar,
  type SaleView,
  type SaleWindow,
} from './sale-calendar.ts';
export { findProductStatus, markProductRemoved, PRODUCT_NOT_FOUND } from './seller-products.ts';
export { countVisibleProducts, listSitemapProducts, type SitemapProduct } from './sitemap-products.ts';
export {
  returnStock,
  type StockLine,
  stockChecked,
  stockLocksSql,
  stockWriteSql,
  takeStock,
  takeStockOf,
} from './stock.ts';
export { bumpCatalogVersion, readCatalogVersion } from './version.ts';
