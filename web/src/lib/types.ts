/** A product as the API returns it (prices in rupees). */
export interface Product {
  _id: string;
  productName: string;
  price: number;
  markPrice?: number | null;
  stockQuantity: number;
  category: string;
  subCategory: string;
  image: string;
  public_id?: string;
  date: string;
  rating: number;
  ratingCount?: number;
  color?: string | null;
  brand?: string | null;
  companyName?: string;
  sellerId?: string;
}

/** A cart line (SPEC §3 userCartProducts). */
export interface CartLine {
  _id: string;
  productId: string;
  quantity: number;
  amount: number;
  paymentMethod?: string | null;
  address?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  product: Product[];
}

export interface CartAnswer {
  success: boolean;
  userCartProducts: CartLine[];
  summary?: { pieces?: number; subtotal?: number; gst?: number; total?: number };
  /** The checkout in progress: chosen payment method and saved shipping address. */
  checkout?: { paymentMethod: string; address: string; city: string; state: string; postalCode: string };
}

/** An order item as /api/user/my-orders lists it. */
export interface OrderItem {
  _id: string;
  orderId?: string;
  productId?: string;
  status?: string;
  paymentStatus?: string;
  paymentMethod?: string | null;
  quantity: number;
  amount: number;
  date: string;
  address?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  product: Product[];
}

export interface Review {
  _id: string;
  customerName: string;
  rating: number;
  review: string;
  date: string;
  verifiedPurchase?: boolean;
}

export interface ReviewsAnswer {
  reviews: Review[];
  average: number;
  count: number;
  histogram: { stars: number; count: number; percent: number }[];
}

export interface Facet {
  value: string;
  count: number;
}
export interface PriceFacet {
  label: string;
  min: number | null;
  max: number | null;
  count: number;
}
export interface SearchAnswer {
  items: Product[];
  total: number;
  page: number;
  limit: number;
  facets?: {
    category?: Facet[];
    subCategory?: Facet[];
    color?: Facet[];
    brand?: Facet[];
    price?: PriceFacet[];
  };
}

export interface SiteInfo {
  ownerName: string;
  address: string;
  email: string;
  phones: string[];
  gstin?: string;
  grievanceOfficer?: { name: string; email: string };
  jurisdiction?: string;
  website?: string;
  returnWindowDays?: number;
  refundDays?: number;
  copyrightYears?: string;
}

export interface UserProfile {
  _id: string;
  fullName: string;
  email: string;
  mobile: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  date?: string;
}
