import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerOrderLine } from '@vastra/contracts';
import { orderNumber } from '@vastra/contracts/constants';
import { useState } from 'react';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { TaxDocumentButtons, taxDocumentsOf } from '../../components/TaxDocumentButtons.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatPromiseDay } from '../../lib/delivery.ts';
import { formatDay, formatRating, formatRupees } from '../../lib/format.ts';
import { imageProps } from '../../lib/images.ts';
import { useSearchParams } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { variantLabel } from '../../lib/variant-label.ts';
import {
  advanceOrderItem,
  ORDERS_PER_PAGE,
  type Paged,
  type ShipmentDetails,
  sellerKeys,
  useSellerOrders,
} from './api.ts';
import { downloadCsv, downloadLabel, downloadLabels, downloadPackingSlip, shipItems } from './centre-api.ts';
import { NdrQueue } from './NdrQueue.tsx';
import { OrderParcels } from './OrderParcels.tsx';
import { nextStep, PAYMENT_LABEL, STATUS_LABEL, STATUS_PILL } from './order-status.ts';
import { type ShipChoice, ShipDialog } from './ShipDialog.tsx';
import type { ParcelItem } from './ShipmentDialog.tsx';
import { SellerOnly } from './session.tsx';
import { useCourierRates } from './shipments-api.ts';
import './seller.css';
import './centre.css';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * /seller-orders: items of the seller's products, newest first, with shipment and delivery steps
 * and, once shipped, the item's tax invoice (and any credit note) to download.
 */
export default function SellerOrdersPage() {
  return (
    <SellerOnly>
      <SellerOrders />
    </SellerOnly>
  );
}

function SellerOrders() {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useSellerOrders(page);
  const qc = useQueryClient();
  const advance = useMutation({
    mutationFn: ({ line, step, shipment }: Step) => advanceOrderItem(line._id, step, shipment),
    onSuccess: (answer, { step, shipment }) => {
      // Update the row in place with the status (and tracking) the server confirmed.
      const tracking =
        shipment?.courier && shipment.awb
          ? { courier: shipment.courier, awb: shipment.awb, url: shipment.trackingUrl ?? null }
          : undefined;
      qc.setQueryData<Paged<SellerOrderLine>>(
        sellerKeys.orders(page),
        (old) =>
          old && {
            ...old,
            items: old.items.map((l) =>
              l._id === answer._id ? { ...l, status: answer.status, ...(tracking ? { tracking } : {}) } : l,
            ),
          },
      );
      toast.success(step === 'ship' ? i18n._('Shipment confirmed') : i18n._('Marked delivered'));
      // Shipping issues the tax invoice: reload to offer it.
      if (step === 'ship') void qc.invalidateQueries({ queryKey: sellerKeys.orders(page) });
    },
    onError: (err) => {
      // A refused shipment form shows its errors beside the fields (ShipDialog).
      if (!(err instanceof ApiError && err.status === 400)) toast.error(err.message);
      return qc.invalidateQueries({ queryKey: sellerKeys.orders(page) });
    },
  });

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkShipping, setBulkShipping] = useState(false);
  const lines = orders.data?.items ?? [];
  const chosen = lines.filter((l) => selected.has(l._id));
  const chosenOrders = [...new Set(chosen.map((l) => l.orderId))];
  const toShip = chosen.filter((l) => nextStep(l.status) === 'ship');
  const toggle = (id: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  // Whether the shop books through Shiprocket: the couriers answer of the first order chosen says.
  const shiprocket = useCourierRates(toShip[0]?.orderId ?? '', bulkShipping && toShip.length > 0);
  const bulkShip = useMutation({
    mutationFn: (choice: ShipChoice) =>
      shipItems(
        toShip.map((l) => l._id),
        choice.courier,
        choice.awb,
        choice.provider,
      ),
    onSuccess: (answer) => {
      toast.success(`${answer.items.length} ${i18n._('shipped')}`);
      setBulkShipping(false);
      setSelected(new Set());
      return qc.invalidateQueries({ queryKey: sellerKeys.all });
    },
  });
  const files = useMutation({
    mutationFn: (run: () => Promise<string>) => run(),
    onSuccess: (name) => toast.success(`${i18n._('Saved as')} ${name}`),
    onError: (err) => toast.error(err.message),
  });

  const total = orders.data?.total ?? 0;
  return (
    <section className="page seller-page">
      <div className="page-head">
        <h1>{i18n._('Orders')}</h1>
        {orders.data && (
          <p className="muted" aria-live="polite">
            {total === 1 ? i18n._('1 order') : `${total} orders`}
          </p>
        )}
      </div>
      <div className="bulk-bar" role="toolbar" aria-label={i18n._('Several orders at once')}>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() =>
            setSelected(new Set(lines.filter((l) => nextStep(l.status) === 'ship').map((l) => l._id)))
          }
          disabled={lines.length === 0}
        >
          {i18n._('Select all to ship')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={toShip.length === 0}
          onClick={() => setBulkShipping(true)}
        >
          {`${i18n._('Ship selected')} (${toShip.length})`}
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={chosenOrders.length === 0 || files.isPending}
          onClick={() => files.mutate(() => downloadLabels(chosenOrders, 'labels', '4x6'))}
        >
          {i18n._('Labels 4×6')}
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={chosenOrders.length === 0 || files.isPending}
          onClick={() => files.mutate(() => downloadLabels(chosenOrders, 'labels', 'a4'))}
        >
          {i18n._('Labels A4')}
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={chosenOrders.length === 0 || files.isPending}
          onClick={() => files.mutate(() => downloadLabels(chosenOrders, 'packing-slips'))}
        >
          {i18n._('Packing slips')}
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={files.isPending}
          onClick={() => files.mutate(() => downloadCsv('orders'))}
        >
          {i18n._('Export orders (CSV)')}
        </button>
      </div>
      {bulkShipping && (
        <ShipDialog
          id="bulk"
          count={toShip.length}
          offerShiprocket={shiprocket.data?.available === true}
          busy={bulkShip.isPending}
          onShip={(choice) => bulkShip.mutateAsync(choice)}
          onCancel={() => setBulkShipping(false)}
        />
      )}
      <NdrQueue />
      <QueryState
        query={orders}
        loading={i18n._('Loading your orders')}
        isEmpty={(found) => found.items.length === 0}
        empty={<p className="card center">{i18n._('No Orders yet.')}</p>}
      >
        {(found) => (
          <ol className="seller-orders">
            {found.items.map((line) => (
              <OrderCard
                key={line._id}
                line={line}
                pending={found.items
                  .filter((l) => l.orderId === line.orderId && l.status === 'pending')
                  .map((l) => ({
                    _id: l._id,
                    name: l.product[0]?.productName ?? 'Product',
                    quantity: l.quantity,
                  }))}
                selected={selected.has(line._id)}
                onSelect={() => toggle(line._id)}
                onFile={(run) => files.mutate(run)}
                busy={advance.isPending && advance.variables?.line._id === line._id}
                onStep={(step, shipment) => advance.mutateAsync({ line, step, shipment })}
              />
            ))}
          </ol>
        )}
      </QueryState>
      <Pagination
        page={page}
        pages={Math.max(1, Math.ceil(total / ORDERS_PER_PAGE))}
        onPage={(p) => setParams({ page: String(p) })}
      />
    </section>
  );
}

/** Today in India (`YYYY-MM-DD`), to tell an item past its dispatch-by day. */
const indianToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

interface Step {
  line: SellerOrderLine;
  step: 'ship' | 'deliver';
  shipment?: ShipmentDetails;
}

function OrderCard({
  line,
  pending,
  busy,
  selected,
  onSelect,
  onFile,
  onStep,
}: {
  line: SellerOrderLine;
  /** The order's pending items on this page: what a new parcel may hold. */
  pending: ParcelItem[];
  busy: boolean;
  selected: boolean;
  onSelect: () => void;
  onFile: (run: () => Promise<string>) => void;
  onStep: (step: 'ship' | 'deliver', shipment?: ShipmentDetails) => Promise<unknown>;
}) {
  const i18n = useI18n();
  const product = line.product[0];
  const step = nextStep(line.status);
  const name = product?.productName ?? 'Product';
  const choice = variantLabel(line.size, line.color, i18n);
  const [shipping, setShipping] = useState(false);
  const [parcels, setParcels] = useState(false);
  return (
    <li className="card order-card" aria-label={i18n._('Order of {name}', { name })}>
      {product?.image && (
        <img className="order-img" alt="" loading="lazy" {...imageProps(product.image, '96px')} />
      )}
      <div className="order-main">
        <label className="order-select">
          <input type="checkbox" checked={selected} onChange={onSelect} />{' '}
          <span className="muted small">{i18n._('Select')}</span>
        </label>
        <h2 className="order-name">{name}</h2>
        {choice && (
          <p className="variant-choice" data-testid="order-variant">
            {choice}
          </p>
        )}
        <p className="muted order-meta">
          {i18n._('Rating')} {formatRating(product?.rating)} {i18n._('· Ordered')}{' '}
          {formatDay(line.date, i18n.locale)}
        </p>
        <dl className="order-facts">
          <div className="order-id">
            <dt>{i18n._('Order')}</dt>
            <dd className="mono" title={line.orderId}>
              {orderNumber(line.orderId)}
            </dd>
          </div>
          <div>
            <dt>{i18n._('Quantity')}</dt>
            <dd>{line.quantity}</dd>
          </div>
          <div>
            <dt>{i18n._('Amount')}</dt>
            <dd>{formatRupees(line.amount, i18n.locale)}</dd>
          </div>
          <div>
            <dt>{i18n._('Buyer pays')}</dt>
            <dd data-testid="buyer-pays">
              {formatRupees(line.buyerPays, i18n.locale)}{' '}
              <span className="muted small">{i18n._('incl. GST')}</span>
            </dd>
          </div>
          {line.codToCollect > 0 && (
            <div>
              <dt>{i18n._('Collect in cash')}</dt>
              <dd className="collect" data-testid="cod-collect">
                {formatRupees(line.codToCollect, i18n.locale)}
              </dd>
            </div>
          )}
          <div>
            <dt>{i18n._('Payment')}</dt>
            <dd>
              {line.paymentMethod} ({PAYMENT_LABEL[line.paymentStatus] ?? line.paymentStatus})
            </dd>
          </div>
          <div className="order-address">
            <dt>{i18n._('Ship to')}</dt>
            <dd>
              {line.customerName && `${line.customerName}, `}
              {line.address}, {line.city}, {line.state} {line.postalCode}
              {line.customerMobile && ` · +91 ${line.customerMobile}`}
            </dd>
          </div>
          {line.tracking && (
            <div className="order-address">
              <dt>{i18n._('Tracking')}</dt>
              <dd>
                {line.tracking.courier}
                {line.tracking.awb && (
                  <>
                    {' '}
                    {i18n._('· AWB')} <span className="mono">{line.tracking.awb}</span>
                  </>
                )}
                {line.tracking.url && (
                  <>
                    {' · '}
                    <a href={line.tracking.url} target="_blank" rel="noopener noreferrer">
                      {i18n._('Track')}
                    </a>
                  </>
                )}
              </dd>
            </div>
          )}
          {line.dispatchBy && line.status !== 'cancelled' && (
            <div>
              <dt>{i18n._('Dispatch by')}</dt>
              <dd data-testid="dispatch-by">
                {formatPromiseDay(line.dispatchBy, i18n.locale)}
                {step === 'ship' && line.dispatchBy < indianToday() && (
                  <>
                    {' '}
                    <span className="pill pill-bad">{i18n._('Late')}</span>
                  </>
                )}
              </dd>
            </div>
          )}
          <div>
            <dt>{i18n._('Status')}</dt>
            <dd>
              <span className={`pill ${STATUS_PILL[line.status] ?? ''}`} data-testid="order-status">
                {STATUS_LABEL[line.status] ?? line.status}
              </span>
            </dd>
          </div>
        </dl>
      </div>
      {shipping && step === 'ship' ? (
        <ShipDialog
          id={line._id}
          count={1}
          busy={busy}
          withTrackingLink
          onShip={async (shipment) => {
            await onStep('ship', shipment);
            setShipping(false);
          }}
          onCancel={() => setShipping(false)}
        />
      ) : (
        <div className="order-actions">
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={busy || step !== 'ship'}
            onClick={() => setShipping(true)}
          >
            {i18n._('Confirm Shipment')}
          </button>
          <button
            type="button"
            className="btn btn-sm"
            disabled={busy || step !== 'deliver'}
            onClick={() => onStep('deliver').catch(() => undefined)}
          >
            {i18n._('Mark delivered')}
          </button>
          <TaxDocumentButtons documents={taxDocumentsOf([line])} as="seller" />
          {line.status !== 'cancelled' && (
            <>
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => onFile(() => downloadLabel(line.orderId, '4x6'))}
              >
                {i18n._('Label 4×6')}
              </button>
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => onFile(() => downloadLabel(line.orderId, 'a4'))}
              >
                {i18n._('Label A4')}
              </button>
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => onFile(() => downloadPackingSlip(line.orderId))}
              >
                {i18n._('Packing slip')}
              </button>
              <button
                type="button"
                className="btn btn-sm"
                aria-expanded={parcels}
                onClick={() => setParcels(!parcels)}
              >
                {i18n._('Parcels & tracking')}
              </button>
            </>
          )}
        </div>
      )}
      {parcels && <OrderParcels orderId={line.orderId} pending={pending} />}
    </li>
  );
}
