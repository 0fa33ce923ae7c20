import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { AddressForm } from '../../components/AddressForm.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { useCart } from '../../lib/cart.ts';
import { keys } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import { fetchProfile, saveShippingAddress } from './api.ts';
import './cart.css';

/**
 * /shipping-address: the checkout's address, prefilled from the last one used or the profile. It is
 * for this order only unless the shopper ticks "Save to my profile" (a gift sent elsewhere must not
 * move them).
 */
export default function ShippingAddressPage() {
  const { role } = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [saveToProfile, setSaveToProfile] = useState(false);
  const profile = useQuery({ queryKey: keys.profile, queryFn: fetchProfile, enabled: role === 'user' });
  const cart = useCart();
  const save = useMutation({
    mutationFn: saveShippingAddress,
    onSuccess: (_answer, sent) => {
      toast.success('Address Saved');
      qc.invalidateQueries({ queryKey: keys.cart });
      if (sent.saveToProfile) qc.invalidateQueries({ queryKey: keys.profile });
      navigate('/place-order-page');
    },
    onError: (err) => toast.error(err.message || 'Something went wrong'),
  });
  if (role !== 'user') return <Navigate to="/login" replace />;
  if (profile.isPending || cart.isPending) return <Spinner label="Loading your address" />;
  if (profile.isError) return <QueryError error={profile.error} onRetry={() => profile.refetch()} />;
  const saved = cart.data?.checkout;
  const source = saved?.address ? saved : profile.data;
  return (
    <section className="page narrow">
      <h1>Shipping Address</h1>
      <div className="card">
        <AddressForm
          initial={{
            address: source.address ?? '',
            city: source.city ?? '',
            state: source.state ?? '',
            postalCode: source.postalCode ?? '',
          }}
          submitLabel="Save and continue"
          busy={save.isPending}
          onSubmit={(a) => save.mutate({ ...a, saveToProfile })}
        >
          <label className="address-choice">
            <input
              type="checkbox"
              name="saveToProfile"
              checked={saveToProfile}
              onChange={(e) => setSaveToProfile(e.target.checked)}
            />
            Save to my profile
          </label>
        </AddressForm>
      </div>
    </section>
  );
}
