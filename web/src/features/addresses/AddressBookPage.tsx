import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../components/QueryState.tsx';
import { useSession } from '../../lib/auth.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { Navigate } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { AddressEntryForm, EMPTY_ENTRY } from './AddressEntryForm.tsx';
import { AddressLines } from './AddressLines.tsx';
import {
  type AddressEntry,
  addAddress,
  addressesKey,
  deleteAddress,
  fetchAddresses,
  updateAddress,
} from './api.ts';
import './addresses.css';
import { useI18n } from '../../lib/i18n.tsx';

/** /addresses: the shopper's saved addresses; make one the default, delete, or add another. */
export default function AddressBookPage() {
  const i18n = useI18n();
  const { role } = useSession();
  const qc = useQueryClient();
  const book = useQuery({ queryKey: addressesKey, queryFn: fetchAddresses, enabled: role === 'user' });
  const [formKey, setFormKey] = useState(0);
  const refresh = () => qc.invalidateQueries({ queryKey: addressesKey });
  const fail = (err: Error) => {
    if (Object.keys(fieldErrorsOf(err)).length === 0)
      toast.error(err.message || i18n._('Something went wrong'));
  };
  const add = useMutation({
    mutationFn: (entry: AddressEntry) => addAddress(entry),
    onSuccess: () => {
      toast.success(i18n._('Address Saved'));
      setFormKey((k) => k + 1);
      refresh();
    },
    onError: fail,
  });
  const makeDefault = useMutation({
    mutationFn: (id: string) => updateAddress(id, { isDefault: true }),
    onSuccess: refresh,
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: deleteAddress,
    onSuccess: (list) => qc.setQueryData(addressesKey, list),
    onError: fail,
  });
  if (role !== 'user') return <Navigate to="/login" replace />;
  return (
    <QueryState query={book} loading={i18n._('Loading your addresses')}>
      {(addresses) => {
        return (
          <section className="page narrow">
            <h1>{i18n._('My Addresses')}</h1>
            {addresses.length === 0 ? (
              <p className="muted">{i18n._('No saved addresses yet.')}</p>
            ) : (
              <ul className="address-book-list">
                {addresses.map((a) => (
                  <li key={a._id} className="card">
                    <AddressLines address={a} />
                    <span className="row">
                      {!a.isDefault && (
                        <button
                          type="button"
                          className="btn"
                          disabled={makeDefault.isPending}
                          onClick={() => makeDefault.mutate(a._id)}
                        >
                          {i18n._('Make default')}
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn"
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(a._id)}
                        aria-label={`Delete the address ${a.address}, ${a.city}`}
                      >
                        {i18n._('Delete')}
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <div className="card">
              <h2>{i18n._('Add an address')}</h2>
              <AddressEntryForm
                key={formKey}
                initial={EMPTY_ENTRY}
                idPrefix="book"
                submitLabel={i18n._('Save address')}
                busy={add.isPending}
                onSubmit={(entry) => add.mutateAsync(entry)}
              />
            </div>
          </section>
        );
      }}
    </QueryState>
  );
}
