import { gstinProblem, INDIAN_STATE_NAMES, normaliseGstin } from '@vastra/contracts/constants';
import { useState } from 'react';
import { SelectField, TextField } from '../../components/fields.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { Link } from '../../lib/router.tsx';
import { useSellerProfile } from './api.ts';

/**
 * A seller's GST registration on the seller screens: its fields (registration and profile) and the
 * banner asking for a GSTIN while products cannot be published. One module: the screens that need
 * any of it load one chunk.
 */

/** A seller's GST registration as the forms hold it: every input as typed ('' when left empty). */
export interface GstValues {
  gstin: string;
  legalName: string;
  state: string;
}

export const GST_FIELD_NAMES = ['gstin', 'legalName', 'state'] as const;
export type GstField = (typeof GST_FIELD_NAMES)[number];

export const EMPTY_GST: GstValues = { gstin: '', legalName: '', state: '' };

const STATE_OPTIONS = INDIAN_STATE_NAMES.map((name) => ({ value: name, label: name }));

/**
 * What is wrong with the GSTIN typed, in the contract's words (`gstinProblem`, the server's own
 * check); nothing for an empty one unless it is required.
 */
export function gstinError(gstin: string, required: boolean): string | undefined {
  if (gstin.trim() === '') return required ? /*i18n*/ 'Enter your GSTIN' : undefined;
  return gstinProblem(gstin);
}

/**
 * The request's GST fields: only those filled (the registration's are optional), the GSTIN in
 * capitals and trimmed. Whether the state agrees with the GSTIN is the server's to say.
 */
export function gstBody(v: GstValues): { gstin?: string; legalName?: string; state?: string } {
  return {
    ...(v.gstin.trim() ? { gstin: normaliseGstin(v.gstin) } : {}),
    ...(v.legalName.trim() ? { legalName: v.legalName.trim() } : {}),
    ...(v.state ? { state: v.state } : {}),
  };
}

/**
 * GSTIN, legal name and registered state. The GSTIN is typed in capitals (spaces dropped) and
 * checked when the seller leaves the field; the errors of a submit or of the server come in
 * `errors` and win over that check.
 */
export function GstFields({
  values,
  errors,
  optional,
  onChange,
}: {
  values: GstValues;
  errors: Partial<Record<GstField, string>>;
  /** Registration: all three may be left empty. The profile's form needs a GSTIN and legal name. */
  optional: boolean;
  onChange: (name: GstField, value: string) => void;
}) {
  const i18n = useI18n();
  const [onLeave, setOnLeave] = useState<string | undefined>();
  return (
    <>
      <TextField
        id="gstin"
        label={i18n._('GSTIN')}
        optional={optional}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={i18n._('15 characters, as on your GST registration certificate')}
        error={errors.gstin ?? onLeave}
        value={values.gstin}
        onBlur={() => setOnLeave(gstinError(values.gstin, false))}
        onChange={(e) => {
          setOnLeave(undefined);
          onChange('gstin', e.target.value.toUpperCase().replace(/\s+/g, ''));
        }}
      />
      <TextField
        id="legalName"
        label={i18n._('Legal name')}
        optional={optional}
        autoComplete="organization"
        hint={i18n._('The name registered for GST, printed on your invoices')}
        error={errors.legalName}
        value={values.legalName}
        onChange={(e) => onChange('legalName', e.target.value)}
      />
      <SelectField
        id="state"
        label={i18n._('Registered state')}
        optional
        placeholder={i18n._('Choose a state')}
        options={STATE_OPTIONS}
        hint={i18n._('Left empty, it is the state of your GSTIN')}
        error={errors.state}
        value={values.state}
        onChange={(e) => onChange('state', e.target.value)}
      />
    </>
  );
}

/** Where the profile's GST registration is: the banner's link goes straight to its form. */
export const GST_SECTION = 'gst';

/**
 * Shown on the seller's screens while they may not publish (`india` GST mode without a GSTIN):
 * saved products stay hidden from shoppers, and this says why and where to fix it.
 */
export function HiddenProductsBanner() {
  const i18n = useI18n();
  const profile = useSellerProfile();
  if (!profile.data || profile.data.canPublish) return null;
  return (
    <div className="gst-banner" role="status">
      <p className="gst-banner-text">
        <strong>{i18n._('Your products are hidden from shoppers until you add your GSTIN.')}</strong>
      </p>
      <Link to={`/seller-profile#${GST_SECTION}`} className="btn btn-sm">
        {i18n._('Add your GSTIN')}
      </Link>
    </div>
  );
}
