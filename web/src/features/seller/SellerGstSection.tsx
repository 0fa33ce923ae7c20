import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerGstInput, SellerProfile } from '@vastra/contracts';
import { normaliseGstin } from '@vastra/contracts/constants';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useLocation } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { saveGstDetails, sellerKeys } from './api.ts';
import { GST_FIELD_NAMES, GST_SECTION, GstFields, type GstValues, gstinError } from './gst-registration.tsx';

/** "3 products are now on sale"; nothing when none were waiting. */
export function publishedNote(published: number): string {
  if (published <= 0) return '';
  return published === 1 ? /*i18n*/ '1 product is now on sale.' : `${published} products are now on sale.`;
}

const valuesOf = (p: SellerProfile): GstValues => ({
  gstin: p.gstin ?? '',
  legalName: p.legalName,
  state: p.state,
});

/** The request: GSTIN and legal name are required here; the state only when chosen. */
const bodyOf = (v: GstValues): SellerGstInput => ({
  gstin: normaliseGstin(v.gstin),
  legalName: v.legalName.trim(),
  ...(v.state ? { state: v.state } : {}),
});

/**
 * The profile's GST registration: the GSTIN, legal name and registered state on record, and a form
 * to add or change them (open from the start while there is no GSTIN). Saving may put the
 * seller's hidden products on sale, which it says.
 */
export function SellerGstSection({ profile }: { profile: SellerProfile }) {
  const i18n = useI18n();
  const qc = useQueryClient();
  const location = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  const [editing, setEditing] = useState(!profile.gstin);
  const [values, setValues] = useState(() => valuesOf(profile));
  const [saved, setSaved] = useState('');
  const fields = useFieldErrors(GST_FIELD_NAMES);

  // The "Add your GSTIN" banner links here: bring the form into view.
  useEffect(() => {
    if (location.hash !== `#${GST_SECTION}`) return;
    sectionRef.current?.scrollIntoView?.({ block: 'start' });
    sectionRef.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  }, [location.hash]);

  const save = useMutation({
    mutationFn: saveGstDetails,
    onSuccess: (answer) => {
      qc.setQueryData<SellerProfile>(
        sellerKeys.profile,
        (old) =>
          old && {
            ...old,
            gstin: answer.gstin,
            legalName: answer.legalName,
            state: answer.state,
            canPublish: true,
          },
      );
      void qc.invalidateQueries({ queryKey: sellerKeys.all });
      const note = `GST details saved. ${publishedNote(answer.published)}`.trim();
      setSaved(note);
      toast.success(note);
      setEditing(false);
    },
    onError: (err) => {
      if (!fields.fromError(err)) toast.error(err.message);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const gstin = gstinError(values.gstin, true);
    const legalName = values.legalName.trim() ? undefined : /*i18n*/ 'Enter the legal name';
    if (fields.show({ ...(gstin ? { gstin } : {}), ...(legalName ? { legalName } : {}) })) return;
    save.mutate(bodyOf(values));
  };

  return (
    <section ref={sectionRef} id={GST_SECTION} className="card gst-card" aria-labelledby="gst-title">
      <h2 id="gst-title">{i18n._('GST registration')}</h2>
      {saved && (
        <p className="seller-notice gst-saved" role="status">
          {saved}
        </p>
      )}
      <dl className="profile-list">
        <div>
          <dt>{i18n._('GSTIN')}</dt>
          <dd className="mono" data-testid="seller-gstin">
            {profile.gstin ?? i18n._('Not added yet')}
          </dd>
        </div>
        <div>
          <dt>{i18n._('Legal name')}</dt>
          <dd>{profile.legalName || '—'}</dd>
        </div>
        <div>
          <dt>{i18n._('Registered state')}</dt>
          <dd>{profile.state || '—'}</dd>
        </div>
      </dl>
      {editing ? (
        <form
          ref={fields.formRef}
          className="form"
          onSubmit={submit}
          noValidate
          aria-label={i18n._('GST details')}
        >
          <GstFields
            values={values}
            errors={fields.errors}
            optional={false}
            onChange={(name, value) => {
              setValues((v) => ({ ...v, [name]: value }));
              fields.clear(name);
            }}
          />
          <div className="row">
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending
                ? i18n._('Saving…')
                : profile.gstin
                  ? i18n._('Save GST details')
                  : i18n._('Add GSTIN')}
            </button>
            {profile.gstin && (
              <button
                type="button"
                className="btn"
                onClick={() => {
                  setEditing(false);
                  setValues(valuesOf(profile));
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
            setValues(valuesOf(profile));
            setSaved('');
            setEditing(true);
          }}
        >
          {i18n._('Change GST details')}
        </button>
      )}
    </section>
  );
}
