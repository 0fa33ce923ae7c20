import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaleEvent } from '@vastra/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { Link } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { endSaleEvent, offersKeys, useSaleEvents } from '../offers/api.ts';
import { SaleEventForm } from '../offers/SaleEventForm.tsx';
import { SaleEventsTable } from '../offers/SaleEventsTable.tsx';
import { AdminLoadError, AdminOnly } from './AdminOnly.tsx';
import './admin.css';
import '../offers/offers.css';

/** /dashboard/sale-events: create a sale event, see every one with its status, end one now. */
export default function AdminSaleEventsPage() {
  return (
    <AdminOnly>
      <SaleEvents />
    </AdminOnly>
  );
}

function SaleEvents() {
  const i18n = useI18n();
  const events = useSaleEvents('admin');
  const qc = useQueryClient();
  const [ending, setEnding] = useState<SaleEvent | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: offersKeys.events('admin') });
  const end = useMutation({
    mutationFn: (e: SaleEvent) => endSaleEvent(e._id),
    onSuccess: (e) => {
      toast.success(i18n._('{name} has ended', { name: e.name }));
      setEnding(null);
      return refresh();
    },
    onError: (err) => toast.error(err.message),
  });
  return (
    <section className="page admin-page">
      <nav aria-label={i18n._('Breadcrumb')} className="muted admin-crumbs">
        <Link to="/dashboard">{i18n._('Dashboard')}</Link> / {i18n._('Sale events')}
      </nav>
      <div className="page-head">
        <h1>{i18n._('Sale events')}</h1>
        <Link to="/dashboard/coupons" className="btn btn-sm">
          {i18n._('Coupons')}
        </Link>
      </div>
      <SaleEventForm onCreated={refresh} />
      <h2 className="offer-list-title">{i18n._('All sale events')}</h2>
      <QueryState
        query={events}
        loading={i18n._('Loading sale events')}
        LoadError={AdminLoadError}
        isEmpty={(list) => list.length === 0}
        empty={<p className="card center">{i18n._('No sale events yet.')}</p>}
      >
        {(list) => (
          <SaleEventsTable
            events={list}
            pricesLabel={/*i18n*/ 'Sizes priced'}
            action={(e) =>
              e.status !== 'ended' && (
                <button
                  type="button"
                  className="btn btn-sm btn-danger"
                  onClick={() => setEnding(e)}
                  // The visible label first, so speech control finds it; then which sale.
                  aria-label={`${i18n._('End now')}, ${e.name}`}
                >
                  {i18n._('End now')}
                </button>
              )
            }
          />
        )}
      </QueryState>
      {ending && (
        <ConfirmDialog
          title={i18n._('End {name} now?', { name: ending.name })}
          message={i18n._('Its sale prices stop at once. Orders already placed keep theirs.')}
          confirmLabel={i18n._('End now')}
          busy={end.isPending}
          onConfirm={() => end.mutate(ending)}
          onCancel={() => setEnding(null)}
        />
      )}
    </section>
  );
}
