import { formatIndianMobile } from '@vastra/contracts/constants';
import type { SavedAddress } from './api.ts';

/** A saved address as the picker and the address book show it. */
export function AddressLines({ address: a }: { address: SavedAddress }) {
  return (
    <span className="address-lines">
      <strong>{a.fullName}</strong>
      {a.isDefault && <span className="pill">Default</span>}
      <br />
      {a.address}, {a.city}, {a.state} {a.postalCode}
      <br />
      <span className="muted">{formatIndianMobile(a.mobile)}</span>
    </span>
  );
}
