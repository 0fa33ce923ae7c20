import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextFields } from '../../components/fields.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { renameSession, useSession } from '../../lib/auth.ts';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { keys } from '../../lib/query.ts';
import { Navigate, useNavigate } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import type { UserProfile } from '../../lib/types.ts';
import { fetchProfile, type ProfileUpdate, updateProfile } from './api.ts';
import { PROFILE_FIELDS } from './profile-fields.ts';
import './account.css';
import { useI18n } from '../../lib/i18n.tsx';

/** /update-profile: edit the customer's details. */
export default function UpdateProfilePage() {
  const i18n = useI18n();
  const { role } = useSession();
  const q = useQuery({ queryKey: keys.profile, queryFn: fetchProfile, enabled: role === 'user' });
  if (role !== 'user') return <Navigate to="/login" replace />;
  return (
    <QueryState query={q} loading={i18n._('Loading your profile')}>
      {(profile) => <ProfileForm profile={profile} />}
    </QueryState>
  );
}

const NAMES = PROFILE_FIELDS.map((f) => f.name);

function ProfileForm({ profile }: { profile: UserProfile }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const fields = useFieldErrors(NAMES);
  const [form, setForm] = useState<Required<ProfileUpdate>>({
    fullName: profile.fullName,
    email: profile.email,
    mobile: profile.mobile,
    address: profile.address,
    city: profile.city,
    state: profile.state,
    postalCode: profile.postalCode,
  });
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (res) => {
      const updated = res.updatedProfile[0];
      if (updated) {
        qc.setQueryData(keys.profile, updated);
        renameSession('user', updated.fullName);
      }
      toast.success(i18n._('Profile Updated'));
      navigate('/profile');
    },
    onError: (err) => {
      if (!fields.fromError(err)) toast.error(err.message || i18n._('Something went wrong'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    fields.show({});
    // A field left empty is not sent: the address fields stay optional until checkout asks.
    const changed = Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim() !== ''));
    save.mutate(changed);
  };
  return (
    <section className="page auth-page">
      <form ref={fields.formRef} className="card form auth-card wide" onSubmit={submit} noValidate>
        <h1>{i18n._('Edit Profile')}</h1>
        <div className="form-grid">
          <TextFields
            fields={PROFILE_FIELDS}
            values={form}
            errors={fields.errors}
            onChange={(k, v) => {
              setForm({ ...form, [k]: v });
              fields.clear(k);
            }}
          />
        </div>
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {i18n._('Save changes')}
          </button>
          <button type="button" className="btn" onClick={() => navigate('/profile')}>
            {i18n._('Cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
