import { formatRupees } from '../lib/format.ts';
import './product.css';
import { useI18n } from '../lib/i18n.tsx';

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
  const i18n = useI18n();
  const suffix = slash ? '/-' : '';
  const showMark = markPrice != null && markPrice > price;
  return (
    <span className="price">
      <span className="price-now">
        {formatRupees(price, i18n.locale)}
        {suffix}
      </span>
      {showMark && (
        <>
          {' '}
          <s className="price-mark">
            <span className="visually-hidden">{i18n._('Marked price')} </span>
            {formatRupees(markPrice, i18n.locale)}
            {suffix}
          </s>
          <span className="price-off">
            {Math.round(((markPrice - price) / markPrice) * 100)}
            {i18n._('% off')}
          </span>
        </>
      )}
    </span>
  );
}
