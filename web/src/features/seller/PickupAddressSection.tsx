import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PickupAddressAnswer, SellerSettingsAnswer } from '@vastra/contracts';
import {
  formatIndianMobile,
  INDIAN_STATE_NAMES,
  MOBILE_PATTERN,
  PIN_CODE_LENGTH,
  PIN_CODE_PATTERN,
  TEXT_LIMITS,
} from '@vastra/contracts/constants';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { SelectField, TextField } from '../../components/fields.tsx';
import { type FieldErrors, useFieldErrors } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { Link, useLocation } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import {
  centreKeys,
  savePickupAddress,
  saveSellerSettings,
  usePickupAddress,
  useSellerSettings,
} from './centre-api.ts';

/** The profile's section (and the banners' link target): `/seller-profile#pickup`. */
export const PICKUP_SECTION = 'pickup';

/** The server's range for the handling time (contracts' dispatchDaysSchema): 0 to 15 working days. */
const DISPATCH_DAYS_MAX = 15;
const DISPATCH_CHOICES = Array.from({ length: DISPATCH_DAYS_MAX + 1 }, (_, n) => n);
/** The cut-off hour's range (contracts' sellerSettingsSchema): a whole hour, 0 to 23, IST. */
const CUTOFF_HOUR_MAX = 23;
const CUTOFF_CHOICES = Array.from({ length: CUTOFF_HOUR_MAX + 1 }, (_, n) => n);

const NAMES = ['line1', 'city', 'state', 'postalCode', 'phone', 'dispatchDays', 'cutoffHour'] as const;
type Name = (typeof NAMES)[number];
export type PickupValues = Record<Name, string>;

const STATE_OPTIONS = INDIAN_STATE_NAMES.map((name) => ({ value: name, label: name }));

/** "14:00": the hour as the 24-hour clock shows it. */
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The address and handling time as saved, with the cut-off hour from the settings. */
type Saved = PickupAddressAnswer & { cutoffHour: number };

const valuesOf = (answer: Saved): PickupValues => ({
  line1: answer.pickupAddress?.line1 ?? '',
  city: answer.pickupAddress?.city ?? '',
  state: answer.pickupAddress?.state ?? '',
  postalCode: answer.pickupAddress?.postalCode ?? '',
  phone: formatIndianMobile(answer.pickupAddress?.phone ?? ''),
  dispatchDays: String(answer.dispatchDays),
  cutoffHour: String(answer.cutoffHour),
});

/** The server's rules, checked before sending so every problem shows at once. */
export function validatePickup(v: PickupValues): FieldErrors {
  const e: FieldErrors = {};
  if (!v.line1.trim()) e.line1 = /*i18n*/ 'Address is required';
  if (!v.city.trim()) e.city = /*i18n*/ 'City is required';
  if (!v.state) e.state = /*i18n*/ 'Please choose a state or union territory';
  if (!PIN_CODE_PATTERN.test(v.postalCode.trim()))
    e.postalCode = /*i18n*/ 'Please enter a valid 6-digit PIN code';
  if (!MOBILE_PATTERN.test(v.phone.replace(/[\s-]/g, '')))
    e.phone = /*i18n*/ 'Please enter a valid 10-digit Indian mobile number';
  const days = Number(v.dispatchDays);
  if (!v.dispatchDays || !Number.isInteger(days) || days < 0 || days > DISPATCH_DAYS_MAX)
    e.dispatchDays = /*i18n*/ 'Choose how many working days you need to dispatch an order';
  const hour = Number(v.cutoffHour);
  if (!v.cutoffHour || !Number.isInteger(hour) || hour < 0 || hour > CUTOFF_HOUR_MAX)
    e.cutoffHour = /*i18n*/ 'Choose the hour after which orders are dispatched from the next day';
  return e;
}

/** "2 working days"; "Same day" for 0. */
function dispatchText(i18n: ReturnType<typeof useI18n>, days: number): string {
  return days === 0
    ? i18n._('Same day')
    : i18n._('{days, plural, one {# working day} other {# working days}}', { days });
}

/** "Orders placed after 14:00 (IST) are dispatched from the next day". */
function cutoffText(i18n: ReturnType<typeof useI18n>, hour: number): string {
  return i18n._('Orders placed after {time} (IST) are dispatched from the next day', {
    time: hourText(hour),
  });
}

/**
 * Shown on the seller's screens while no pickup address is set: couriers have nowhere to collect
 * from and no delivery date can be promised, so shoppers cannot buy the seller's products yet.
 */
export function NoPickupBanner() {
  const i18n = useI18n();
  const pickup = usePickupAddress();
  if (pickup.data?.pickupAddress !== null) return null;
  return (
    <div className="gst-banner pickup-banner" role="status" data-testid="no-pickup-banner">
      <p className="gst-banner-text">
        <strong>
          {i18n._('Add your pickup address: until then shoppers see no delivery date for your products.')}
        </strong>{' '}
        {i18n._('Couriers collect your orders there, and delivery dates are counted from its PIN code.')}
      </p>
      <Link to={`/seller-profile#${PICKUP_SECTION}`} className="btn btn-sm btn-primary">
        {i18n._('Add pickup address')}
      </Link>
    </div>
  );
}

/**
 * The profile's pickup address: where couriers collect the seller's orders, and the handling time
 * (working days from an order to its dispatch). The form is open from the start while none is set.
 */
export function PickupAddressSection() {
  const i18n = useI18n();
  const pickup = usePickupAddress();
  const settings = useSellerSettings();
  const location = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  const loaded = Boolean(pickup.data && settings.data);

  // The "Add pickup address" banner links here: bring the form into view once it is there.
  useEffect(() => {
    if (!loaded || location.hash !== `#${PICKUP_SECTION}`) return;
    sectionRef.current?.scrollIntoView?.({ block: 'start' });
    sectionRef.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  }, [location.hash, loaded]);

  return (
    <section
      ref={sectionRef}
      id={PICKUP_SECTION}
      className="card gst-card pickup-card"
      aria-labelledby="pickup-title"
    >
      <h2 id="pickup-title">{i18n._('Pickup address')}</h2>
      <p className="muted">
        {i18n._(
          'Where couriers collect your orders. Shoppers’ delivery dates count from its PIN code and your dispatch time.',
        )}
      </p>
      {pickup.data && settings.data ? (
        <PickupEditor answer={{ ...pickup.data, cutoffHour: settings.data.cutoffHour }} />
      ) : pickup.isError || settings.isError ? (
        <p className="field-error">{(pickup.error ?? settings.error)?.message}</p>
      ) : (
        <p className="muted">{i18n._('Loading…')}</p>
      )}
    </section>
  );
}

function PickupEditor({ answer }: { answer: Saved }) {
  const i18n = useI18n();
  const qc = useQueryClient();
  const saved = answer.pickupAddress;
  const [editing, setEditing] = useState(!saved);
  const [values, setValues] = useState(() => valuesOf(answer));
  const fields = useFieldErrors(NAMES);

  const save = useMutation({
    mutationFn: async (v: PickupValues) => {
      const address = await savePickupAddress({
        line1: v.line1.trim(),
        city: v.city.trim(),
        state: v.state,
        postalCode: v.postalCode.trim(),
        phone: v.phone.trim(),
      });
      // Kept even if the settings below are refused: the address itself is saved.
      qc.setQueryData(centreKeys.pickup, address);
      const days = Number(v.dispatchDays);
      const hour = Number(v.cutoffHour);
      const changed = {
        ...(days === address.dispatchDays ? {} : { dispatchDays: days }),
        ...(hour === answer.cutoffHour ? {} : { cutoffHour: hour }),
      };
      if (Object.keys(changed).length === 0) return { address, settings: undefined };
      return { address, settings: await saveSellerSettings(changed) };
    },
    onSuccess: ({ address, settings }) => {
      if (settings) {
        qc.setQueryData(centreKeys.pickup, { ...address, dispatchDays: settings.dispatchDays });
        qc.setQueryData<SellerSettingsAnswer>(centreKeys.settings, settings);
      }
      toast.success(i18n._('Pickup address saved'));
      setEditing(false);
    },
    onError: (err) => {
      if (!fields.fromError(err)) toast.error(err.message);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (fields.show(validatePickup(values))) return;
    save.mutate(values);
  };

  const bind = (name: Name) => ({
    id: `pickup-${name}`,
    name,
    value: values[name],
    error: fields.errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      fields.clear(name);
    },
  });

  return (
    <>
      {saved && !editing && (
        <dl className="profile-list" data-testid="pickup-address">
          <div>
            <dt>{i18n._('Address')}</dt>
            <dd>
              {saved.line1}, {saved.city}, {saved.state} {saved.postalCode}
            </dd>
          </div>
          <div>
            <dt>{i18n._('Phone')}</dt>
            <dd>{formatIndianMobile(saved.phone)}</dd>
          </div>
          <div>
            <dt>{i18n._('Dispatch within')}</dt>
            <dd>{dispatchText(i18n, answer.dispatchDays)}</dd>
          </div>
          <div>
            <dt>{i18n._('Order cut-off')}</dt>
            <dd>{cutoffText(i18n, answer.cutoffHour)}</dd>
          </div>
        </dl>
      )}
      {editing ? (
        <form
          ref={fields.formRef}
          className="form"
          onSubmit={submit}
          noValidate
          aria-label={i18n._('Pickup address')}
        >
          <div className="form-grid">
            <TextField
              label={i18n._('Address')}
              autoComplete="street-address"
              maxLength={TEXT_LIMITS.address.max}
              wide
              {...bind('line1')}
            />
            <TextField
              label={i18n._('City')}
              autoComplete="address-level2"
              maxLength={TEXT_LIMITS.city.max}
              {...bind('city')}
            />
            <SelectField
              label={i18n._('State')}
              placeholder={i18n._('Choose a state')}
              options={STATE_OPTIONS}
              autoComplete="address-level1"
              {...bind('state')}
            />
            <TextField
              label={i18n._('PIN code')}
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={PIN_CODE_LENGTH}
              {...bind('postalCode')}
            />
            <TextField
              label={i18n._('Phone')}
              type="tel"
              autoComplete="tel"
              hint={i18n._('10 digits, +91 optional')}
              {...bind('phone')}
            />
            <SelectField
              label={i18n._('Dispatch within')}
              placeholder=""
              options={DISPATCH_CHOICES.map((n) => ({ value: String(n), label: dispatchText(i18n, n) }))}
              hint={i18n._('Working days from an order to handing it to the courier')}
              {...bind('dispatchDays')}
            />
            <SelectField
              label={i18n._('Orders after')}
              placeholder=""
              options={CUTOFF_CHOICES.map((n) => ({ value: String(n), label: `${hourText(n)} (IST)` }))}
              hint={values.cutoffHour ? cutoffText(i18n, Number(values.cutoffHour)) : undefined}
              {...bind('cutoffHour')}
            />
          </div>
          <div className="row">
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending
                ? i18n._('Saving…')
                : saved
                  ? i18n._('Save pickup address')
                  : i18n._('Add pickup address')}
            </button>
            {saved && (
              <button
                type="button"
                className="btn"
                onClick={() => {
                  setEditing(false);
                  setValues(valuesOf(answer));
                  fields.show({});
                }}
              >
                {i18n._('Cancel')}
              </button>
            )}
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="btn btn-sm gst-change"
          onClick={() => {
            setValues(valuesOf(answer));
            setEditing(true);
          }}
        >
          {i18n._('Change pickup address')}
        </button>
      )}
    </>
  );
}
