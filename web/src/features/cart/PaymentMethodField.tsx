import type { PaymentMethodName } from '@vastra/contracts';
import { SelectField } from '../../components/fields.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { type PaymentChoices, paymentChoices } from '../../lib/payment-methods.ts';
import { useSiteInfo } from '../../lib/site.ts';

/** The methods checkout offers now: what `GET /api/site` names, the SPEC's two until it answers. */
export function usePaymentChoices(): PaymentChoices {
  return paymentChoices(useSiteInfo().data);
}

/**
 * The server's reason when a shopper's Cash On Delivery is held back (COD_HELD_REASON, issue 38),
 * written here so the catalogue translates the cart answer's `codReason`.
 */
export const COD_HELD_NOTE =
  /*i18n*/ 'Cash On Delivery is not available on this account because recent Cash On Delivery orders were returned undelivered. Please pay online (UPI, cards, netbanking).';

/**
 * The choices without Cash On Delivery where the checkout's PIN code has none or the shopper's is
 * held back (the cart answer's `codAvailable`: false), and the sentence saying why (the server's
 * `codReason` when it gives one); as they were otherwise.
 */
export function withoutCod(
  choices: PaymentChoices,
  codAvailable: boolean | undefined,
  postalCode: string | undefined,
  codReason?: string,
): { choices: PaymentChoices; codNote?: string } {
  if (codAvailable !== false) return { choices };
  return {
    choices: { ...choices, options: choices.options.filter((o) => o.value !== 'COD') },
    codNote: codReason
      ? codReason
      : postalCode
        ? /*i18n*/ 'Cash On Delivery is not available at PIN code {pincode}.'
        : /*i18n*/ 'Cash On Delivery is not available at this address.',
  };
}

/**
 * The cart's "Payment method" select. Option values are the API's method names (`Razorpay`,
 * `Stripe`, `COD`), so old clients' habits and the journeys' `selectOption('COD')` keep working.
 */
export function PaymentMethodField({
  value,
  choices,
  onChange,
  codNote,
  postalCode,
}: {
  value: PaymentMethodName | '';
  choices: PaymentChoices;
  onChange: (method: PaymentMethodName | '') => void;
  /** Why Cash On Delivery is not offered (`withoutCod`), with the PIN code it names. */
  codNote?: string;
  postalCode?: string;
}) {
  const i18n = useI18n();
  return (
    <SelectField
      id="payment-method"
      label={i18n._('Payment method')}
      placeholder={i18n._('Select a payment method')}
      options={choices.options}
      value={value}
      onChange={(e) => onChange(choices.options.find((o) => o.value === e.target.value)?.value ?? '')}
      hint={
        codNote || choices.testMode ? (
          <>
            {codNote && (
              <span className="cod-note" data-testid="cod-unavailable">
                {i18n._(codNote, { pincode: postalCode })}{' '}
              </span>
            )}
            {
              // No provider keys: the shopper should know before paying that the page is a rehearsal.
              choices.testMode &&
                i18n._('Test mode: no real money is taken (online payments open a test page).')
            }
          </>
        ) : undefined
      }
    />
  );
}
