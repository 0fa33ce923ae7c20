import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../components/QueryError.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { useCart } from '../../lib/cart.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { keys } from '../../lib/query.ts';
import { Navigate, useNavigate } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { AddressEntryForm } from '../addresses/AddressEntryForm.tsx';
import { AddressLines } from '../addresses/AddressLines.tsx';
import {
  type AddressEntry,
  addAddress,
  addressesKey,
  fetchAddresses,
  type SavedAddress,
} from '../addresses/api.ts';
import { fetchProfile, saveShippingAddress } from './api.ts';
import '../addresses/addresses.css';
import './cart.css';
import { useI18n } from '../../lib/i18n.tsx';

type Place = Pick<AddressEntry, 'address' | 'city' | 'state' | 'postalCode'>;
const NEW = 'new';

const samePlace = (a: Place, b: Place) =>
  a.address === b.address && a.city === b.city && a.state === b.state && a.postalCode === b.postalCode;

/**
 * /shipping-address: where this checkout goes. The shopper picks one of their saved addresses (the
 * one last used, else the default) or adds a new one, saved to the address book only when they tick
 * "Save to my address book". The choice goes onto the checkout (`save-shipping-address`); the
 * profile's own address never changes here.
 */
export default function ShippingAddressPage() {
  const i18n = useI18n();
  const { role } = useSession();
  const enabled = role === 'user';
  const profile = useQuery({ queryKey: keys.profile, queryFn: fetchProfile, enabled });
  const book = useQuery({ queryKey: addressesKey, queryFn: fetchAddresses, enabled });
  const cart = useCart();
  if (!enabled) return <Navigate to="/login" replace />;
  if (profile.isPending || book.isPending || cart.isPending)
    return <Spinner label={i18n._('Loading your addresses')} />;
  if (profile.isError) return <QueryError error={profile.error} onRetry={() => profile.refetch()} />;
  if (book.isError) return <QueryError error={book.error} onRetry={() => book.refetch()} />;
  const current = cart.data?.checkout;
  const chosen = current?.address ? book.data.find((a) => samePlace(a, current)) : undefined;
  const fresh: AddressEntry = {
    fullName: profile.data.fullName,
    mobile: profile.data.mobile,
    address: current?.address || profile.data.address,
    city: current?.city || profile.data.city,
    state: current?.state || profile.data.state,
    postalCode: current?.postalCode || profile.data.postalCode,
  };
  return (
    <AddressPicker
      addresses={book.data}
      initialChoice={(chosen ?? book.data.find((a) => a.isDefault) ?? book.data[0])?._id ?? NEW}
      fresh={fresh}
    />
  );
}

/** The saved addresses as choices, and the form for a new one. */
export function AddressPicker({
  addresses,
  initialChoice,
  fresh,
}: {
  addresses: SavedAddress[];
  initialChoice: string;
  /** What the new-address form starts with. */
  fresh: AddressEntry;
}) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [choice, setChoice] = useState(initialChoice);
  const [saveToBook, setSaveToBook] = useState(false);
  const save = useMutation({
    mutationFn: async ({ place, entry }: { place: Place; entry?: AddressEntry }) => {
      if (entry) await addAddress(entry);
      const { address, city, state, postalCode } = place;
      await saveShippingAddress({ address, city, state, postalCode, saveToProfile: false });
    },
    onSuccess: (_answer, sent) => {
      toast.success(i18n._('Address Saved'));
      qc.invalidateQueries({ queryKey: keys.cart });
      if (sent.entry) qc.invalidateQueries({ queryKey: addressesKey });
      navigate('/place-order-page');
    },
    // Field errors show beside the new address's fields; anything else is toasted.
    onError: (err) => {
      if (Object.keys(fieldErrorsOf(err)).length === 0)
        toast.error(err.message || i18n._('Something went wrong'));
    },
  });
  const picked = addresses.find((a) => a._id === choice);
  return (
    <section className="page narrow">
      <h1>{i18n._('Shipping Address')}</h1>
      <div className="card form">
        {addresses.length > 0 && (
          <fieldset className="address-options">
            <legend>{i18n._('Deliver to')}</legend>
            {addresses.map((a) => (
              <label key={a._id} className="address-option">
                <input
                  type="radio"
                  name="ship-to"
                  value={a._id}
                  checked={choice === a._id}
                  onChange={() => setChoice(a._id)}
                />
                <AddressLines address={a} />
              </label>
            ))}
            <label className="address-option">
              <input
                type="radio"
                name="ship-to"
                value={NEW}
                checked={choice === NEW}
                onChange={() => setChoice(NEW)}
              />
              <span>{i18n._('Add a new address')}</span>
            </label>
          </fieldset>
        )}
        {picked ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={save.isPending}
            onClick={() => save.mutate({ place: picked })}
          >
            {i18n._('Save and continue')}
          </button>
        ) : (
          <AddressEntryForm
            initial={fresh}
            idPrefix="ship"
            submitLabel={i18n._('Save and continue')}
            busy={save.isPending}
            onSubmit={(entry) => save.mutateAsync({ place: entry, entry: saveToBook ? entry : undefined })}
          >
            <label className="address-choice">
              <input
                type="checkbox"
                name="saveToBook"
                checked={saveToBook}
                onChange={(e) => setSaveToBook(e.target.checked)}
              />
              {i18n._('Save to my address book')}
            </label>
          </AddressEntryForm>
        )}
      </div>
    </section>
  );
}
