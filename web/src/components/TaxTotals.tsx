import type { TaxLine } from '@vastra/contracts';
import { GST_PERCENT } from '@vastra/contracts/constants';
import { formatRupees } from '../lib/format.ts';
import { useI18n } from '../lib/i18n.tsx';

/** What a cart summary and an order both carry: the server's figures, in rupees. */
export interface TaxedTotals {
  /** The taxable value (before GST in both modes). */
  subtotal: number;
  gst: number;
  shipping: number;
  /** The Cash On Delivery fee's taxable value (issue 37); absent or 0 without one. */
  codFee?: number;
  total: number;
  /** `india` mode: the prices shown already include the GST. */
  taxIncluded: boolean;
  /** "CGST 2.5%", "SGST 2.5%", "IGST 18%", or "GST 18%" while the shipping state is not known. */
  taxLines: TaxLine[];
}

/** A line of tax split by place of supply (CGST, SGST, IGST), not the plain "GST x%" of an unknown state. */
const isSplit = (line: TaxLine) => !/^GST\b/.test(line.label);

/**
 * Taxable value, GST, shipping, the COD fee and total exactly as the server sent them: the browser computes no
 * tax (DESIGN §11, one rule in one place). Prices before GST (`flat18`) keep SPEC's "GST (18%)"
 * row, with its split by place of supply beneath it once the state is known; prices including GST
 * (`india`) show the taxable value, each tax line and the total including GST.
 */
export function TaxTotals({ totals, taxableLabel }: { totals: TaxedTotals; taxableLabel: string }) {
  const i18n = useI18n();
  const shipping =
    totals.shipping === 0 ? (
      <dd className="free" data-testid="summary-shipping">
        {i18n._('Free')}
      </dd>
    ) : (
      <dd data-testid="summary-shipping">{formatRupees(totals.shipping, i18n.locale)}</dd>
    );
  const charges = (
    <>
      <dt>{i18n._('Shipping')}</dt>
      {shipping}
      {(totals.codFee ?? 0) > 0 && (
        <>
          <dt>{i18n._('Cash On Delivery fee')}</dt>
          <dd data-testid="summary-cod-fee">{formatRupees(totals.codFee, i18n.locale)}</dd>
        </>
      )}
    </>
  );
  if (totals.taxIncluded) {
    return (
      <>
        <dl className="tax-totals">
          <dt>{i18n._('Taxable value')}</dt>
          <dd data-testid="summary-taxable">{formatRupees(totals.subtotal, i18n.locale)}</dd>
          {totals.taxLines.map((line) => (
            <TaxLineRow key={line.label} line={line} />
          ))}
          {charges}
          <dt className="total">{i18n._('Total (incl. GST)')}</dt>
          <dd className="total" data-testid="summary-total">
            {formatRupees(totals.total, i18n.locale)}
          </dd>
        </dl>
        <p className="tax-note" data-testid="tax-note">
          {i18n._('Prices include GST')}
        </p>
      </>
    );
  }
  return (
    <dl className="tax-totals">
      <dt>{i18n._(taxableLabel)}</dt>
      <dd data-testid="summary-taxable">{formatRupees(totals.subtotal, i18n.locale)}</dd>
      <dt>
        {i18n._('GST (')}
        {GST_PERCENT}%)
      </dt>
      <dd data-testid="summary-gst">{formatRupees(totals.gst, i18n.locale)}</dd>
      {totals.taxLines.filter(isSplit).map((line) => (
        <TaxLineRow key={line.label} line={line} part />
      ))}
      {charges}
      <dt className="total">{i18n._('Total')}</dt>
      <dd className="total" data-testid="summary-total">
        {formatRupees(totals.total, i18n.locale)}
      </dd>
    </dl>
  );
}

/** One tax line; `part` marks a share of the GST row above it ("of which IGST 18%"). */
function TaxLineRow({ line, part = false }: { line: TaxLine; part?: boolean }) {
  const i18n = useI18n();
  return (
    <>
      <dt className={part ? 'tax-part' : undefined}>
        {part ? i18n._('of which {tax}', { tax: line.label }) : i18n._(line.label)}
      </dt>
      <dd className={part ? 'tax-part' : undefined} data-testid="summary-tax-line">
        {formatRupees(line.amount, i18n.locale)}
      </dd>
    </>
  );
}
