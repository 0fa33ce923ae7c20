import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartAnswer, CartCoupon } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { offerText } from '../../lib/offer-text.ts';
import { keys } from '../../lib/query.ts';
import { applyCoupon, removeCoupon, useCartOffers } from './coupon-api.ts';

/**
 * The cart's coupon: a code to type and Apply, the server's reason beside it when it is refused,
 * the coupon applied with Remove, and the offers this cart can use (Apply on one applies it). The
 * server decides everything; the cart answer it sends back replaces the cart shown.
 */
export function CouponBox({
  coupon,
  busy = false,
}: {
  coupon: CartCoupon | null | undefined;
  busy?: boolean;
}) {
  const i18n = useI18n();
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const offers = useCartOffers(!coupon);
  const settle = (cart: CartAnswer) => {
    qc.setQueryData(keys.cart, cart);
    return qc.invalidateQueries({ queryKey: keys.cartOffers });
  };
  const apply = useMutation({
    mutationFn: applyCoupon,
    onSuccess: (cart) => {
      setCode('');
      return settle(cart);
    },
  });
  const remove = useMutation({ mutationFn: removeCoupon, onSuccess: settle });
  const working = busy || apply.isPending || remove.isPending;

  if (coupon) {
    return (
      <div className="coupon coupon-applied" data-testid="coupon-applied">
        <p>
          <strong className="coupon-code">{coupon.code}</strong>{' '}
          {i18n._('applied: you save {amount}', { amount: formatRupees(coupon.discount, i18n.locale) })}
        </p>
        <button
          type="button"
          className="btn btn-sm"
          disabled={working}
          onClick={() => remove.mutate()}
          aria-label={i18n._('Remove coupon {code}', { code: coupon.code })}
        >
          {i18n._('Remove')}
        </button>
        {coupon.message && (
          <p className="coupon-warning" data-testid="coupon-warning">
            {coupon.message}
          </p>
        )}
        {remove.error && (
          <p className="field-error" role="alert">
            {remove.error.message}
          </p>
        )}
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) apply.mutate(code.trim());
  };
  const error = apply.error?.message;
  const list = offers.data ?? [];
  return (
    <div className="coupon">
      <form className="coupon-form" onSubmit={submit} noValidate>
        <label htmlFor="coupon">{i18n._('Coupon code')}</label>
        <div className="coupon-row">
          <input
            id="coupon"
            className="input"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'coupon-err' : undefined}
          />
          <button type="submit" className="btn btn-sm" disabled={working || !code.trim()}>
            {i18n._('Apply')}
          </button>
        </div>
        {error && (
          <p id="coupon-err" className="field-error" role="alert" data-testid="coupon-error">
            {error}
          </p>
        )}
      </form>
      {list.length > 0 && (
        <section className="offers" aria-labelledby="offers-title">
          <h3 id="offers-title">{i18n._('Offers for you')}</h3>
          <ul>
            {list.map((o) => (
              <li key={o.code} className="offer">
                <div>
                  <strong className="coupon-code">{o.code}</strong>
                  <span className="muted small"> {offerText(i18n, o)}</span>
                  {o.discount > 0 && (
                    <span className="offer-save">
                      {i18n._('You save {amount}', { amount: formatRupees(o.discount, i18n.locale) })}
                    </span>
                  )}
                </div>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={working}
                  onClick={() => apply.mutate(o.code)}
                  aria-label={i18n._('Apply {code}', { code: o.code })}
                >
                  {i18n._('Apply')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
