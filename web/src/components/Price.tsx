import { formatRupees } from '../lib/format.ts';
import './product.css';

/** Sale price, with the marked price struck through when it is higher. */
export function Price({
  price,
  markPrice,
  slash = false,
}: {
  price: number;
  markPrice?: number | null;
  slash?: boolean;
}) {
  const suffix = slash ? '/-' : '';
  const showMark = markPrice != null && markPrice > price;
  return (
    <span className="price">
      <span className="price-now">
        {formatRupees(price)}
        {suffix}
      </span>
      {showMark && (
        <>
          {' '}
          <s className="price-mark">
            <span className="visually-hidden">Marked price </span>
            {formatRupees(markPrice)}
            {suffix}
          </s>
          <span className="price-off">{Math.round(((markPrice - price) / markPrice) * 100)}% off</span>
        </>
      )}
    </span>
  );
}
