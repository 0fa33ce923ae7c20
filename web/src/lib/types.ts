/** The API's answers as the web app reads them: the shared contracts (one definition for server and client). */
export type {
  CartAnswer,
  CartLine,
  FacetValue as Facet,
  OrderLine as OrderItem,
  PriceBandCount as PriceFacet,
  Product,
  ProductReviewsAnswer as ReviewsAnswer,
  ProductSearchAnswer as SearchAnswer,
  Review,
  SiteInfo,
  UserProfile,
} from '@vastra/contracts';
