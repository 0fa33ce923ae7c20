import { formatIndianMobile } from '@vastra/contracts/constants';
import { useI18n } from '../../lib/i18n.tsx';
import type { SavedAddress } from './api.ts';

/** A saved address as the picker and the address book show it. */
export function AddressLines({ address: a }: { address: SavedAddress }) {
  const i18n = useI18n();
  return (
    <span className="address-lines">
      <strong>{a.fullName}</strong>
      {a.isDefault && <span className="pill">{i18n._('Default')}</span>}
      <br />
      {a.address}, {a.city}, {a.state} {a.postalCode}
      <br />
      <span className="muted">{formatIndianMobile(a.mobile)}</span>
    </span>
  );
}
