import type { PromiseAnswer } from '@vastra/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { TruckIcon } from '../../components/icons.tsx';
import { DELIVERY_PROMISE } from '../../components/ProductCard.tsx';
import { deliveryFeeText, formatPromiseDay, isPincode } from '../../lib/delivery.ts';
import { formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import {
  type PromiseFor,
  rememberedPincode,
  rememberPincode,
  useDefaultPincode,
  usePromise,
} from './delivery-api.ts';

/**
 * "Check delivery" on the product page: a PIN code (this device's last, else the signed-in
 * shopper's default address's) and what the server promises to it for the size chosen: the day,
 * the fee, Cash On Delivery, or why it does not deliver there. A new size asks again.
 */
export function PincodeBox({ target }: { target: PromiseFor }) {
  const i18n = useI18n();
  // Read after hydration: the server's page knows no device ('' once read: none remembered).
  const [remembered, setRemembered] = useState<string>();
  useEffect(() => setRemembered(rememberedPincode()), []);
  const [typed, setTyped] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const fromAddress = useDefaultPincode(remembered === '');
  // The default address fills the box only until the shopper types in it.
  const filled = typed === null && fromAddress && isPincode(fromAddress) ? fromAddress : null;
  const pincode = asked ?? (remembered || filled || null);
  const shown = typed ?? pincode ?? '';
  const promise = usePromise(target, pincode);

  useEffect(() => {
    if (promise.data) rememberPincode(promise.data.pincode);
  }, [promise.data]);

  const check = (e: FormEvent) => {
    e.preventDefault();
    const value = shown.trim();
    if (!isPincode(value)) {
      setProblem(i18n._('Please enter a valid 6-digit PIN code'));
      return;
    }
    setProblem('');
    setAsked(value);
  };
  const error = problem || (promise.isError ? promise.error.message : '');

  return (
    <section className="pincode-box" aria-labelledby="pincode-title">
      <form className="pincode-form" onSubmit={check} noValidate>
        <label id="pincode-title" htmlFor="delivery-pincode">
          <TruckIcon /> {i18n._('Check delivery')}
        </label>
        <div className="pincode-row">
          <input
            id="delivery-pincode"
            name="pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder={i18n._('Enter PIN code')}
            value={shown}
            aria-invalid={error ? true : undefined}
            aria-describedby="pincode-answer"
            onChange={(e) => {
              setTyped(e.target.value.replace(/\D/g, ''));
              setProblem('');
            }}
          />
          <button type="submit" className="btn btn-sm" disabled={promise.isFetching}>
            {i18n._('Check')}
          </button>
        </div>
      </form>
      <div id="pincode-answer" className="pincode-answer" aria-live="polite" data-testid="delivery-promise">
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : promise.data ? (
          <PromiseLines answer={promise.data} />
        ) : promise.isFetching ? (
          <p className="muted">{i18n._('Checking delivery…')}</p>
        ) : (
          <p className="muted">{i18n._(DELIVERY_PROMISE)}</p>
        )}
      </div>
    </section>
  );
}

/** What the server promised to one PIN code. */
function PromiseLines({ answer: a }: { answer: PromiseAnswer }) {
  const i18n = useI18n();
  const place = `${a.district}, ${a.state} ${a.pincode}`;
  if (!a.serviceable) {
    return (
      <>
        <p className="promise-no" data-testid="promise-unserviceable">
          {a.reason ?? i18n._('We do not deliver to this PIN code yet')}
        </p>
        <p className="muted">{place}</p>
      </>
    );
  }
  return (
    <>
      {a.deliverBy ? (
        <p className="promise-date" data-testid="promise-date">
          {i18n._('Delivery by {day}', { day: formatPromiseDay(a.deliverBy, i18n.locale) })}
        </p>
      ) : (
        // Delivered, but no day can be promised (the seller has not said where it ships from).
        <p className="muted" data-testid="promise-no-date">
          {a.reason ?? i18n._(DELIVERY_PROMISE)}
        </p>
      )}
      <p data-testid="promise-fee">
        {deliveryFeeText(i18n, a.shippingFee)}
        {a.shippingFee > 0 && a.freeAbove !== null && (
          <span className="muted">
            {' '}
            {i18n._('(free on orders from this seller of {amount} or more)', {
              amount: formatRupees(a.freeAbove, i18n.locale),
            })}
          </span>
        )}
      </p>
      <p className={a.cod ? 'promise-cod' : 'promise-no'} data-testid="promise-cod">
        {a.cod ? i18n._('Cash On Delivery available') : i18n._('Cash On Delivery not available')}
      </p>
      <p className="muted">{i18n._('Delivering to {place}', { place })}</p>
    </>
  );
}
