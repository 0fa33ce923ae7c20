import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Coupon } from '@vastra/contracts';
import { Pagination } from '../../components/Pagination.tsx';
import { type LoadErrorView, QueryState } from '../../components/QueryState.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { offerText } from '../../lib/offer-text.ts';
import { useSearchParams } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { COUPON_PAGE_SIZE, type OffersRole, offersKeys, setCouponActive, useCoupons } from './api.ts';
import { CouponForm } from './CouponForm.tsx';
import { formatWindow } from './when.ts';
import './offers.css';

/**
 * The coupons screen of the admin (platform coupons, and who funds them) and of a seller (its own,
 * for its products, funded by it): create one, list them newest first, switch one off or on.
 */
export function CouponsManager({ as, LoadError }: { as: OffersRole; LoadError?: LoadErrorView }) {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const coupons = useCoupons(as, page);
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: ['offers', as, 'coupons'] });
  const toggle = useMutation({
    mutationFn: (c: Coupon) => setCouponActive(as, c._id, !c.active),
    onSuccess: (c) => {
      toast.success(
        c.active
          ? i18n._('{code} is active', { code: c.code })
          : i18n._('{code} is switched off', { code: c.code }),
      );
      return refresh();
    },
    onError: (err) => toast.error(err.message),
  });
  const pages = Math.ceil((coupons.data?.total ?? 0) / COUPON_PAGE_SIZE);
  return (
    <>
      <CouponForm
        as={as}
        onCreated={() => {
          setParams({});
          void qc.invalidateQueries({ queryKey: offersKeys.coupons(as, 1) });
        }}
      />
      <h2 className="offer-list-title">{i18n._('Coupons')}</h2>
      <QueryState
        query={coupons}
        loading={i18n._('Loading coupons')}
        LoadError={LoadError}
        isEmpty={(p) => p.total === 0}
        empty={<p className="card center">{i18n._('No coupons yet.')}</p>}
      >
        {(found) => (
          <>
            <div className="table-wrap">
              <table className="data-table" data-testid="coupon-table">
                <caption className="visually-hidden">{i18n._('Coupons, newest first')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{i18n._('Code')}</th>
                    <th scope="col">{i18n._('Offer')}</th>
                    <th scope="col">{i18n._('Valid')}</th>
                    <th scope="col">{i18n._('Used')}</th>
                    {as === 'admin' && <th scope="col">{i18n._('Paid for by')}</th>}
                    <th scope="col">{i18n._('Status')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{i18n._('Actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {found.items.map((c) => (
                    <tr key={c._id}>
                      <td data-label={i18n._('Code')} className="cell-name">
                        <span className="coupon-code">{c.code}</span>
                      </td>
                      <td data-label={i18n._('Offer')}>
                        {offerText(i18n, c)}
                        {c.firstOrderOnly && <span className="muted"> · {i18n._('first order')}</span>}
                      </td>
                      <td data-label={i18n._('Valid')} className="cell-nowrap">
                        {formatWindow(i18n, c.startsAt, c.endsAt)}
                      </td>
                      <td data-label={i18n._('Used')} className="cell-nowrap">
                        {c.usageLimit == null
                          ? formatNumber(c.used, i18n.locale)
                          : `${formatNumber(c.used, i18n.locale)} / ${formatNumber(c.usageLimit, i18n.locale)}`}
                      </td>
                      {as === 'admin' && (
                        <td data-label={i18n._('Paid for by')}>
                          {c.fundedBy === 'platform' ? i18n._('Vastra') : i18n._('Seller')}
                        </td>
                      )}
                      <td data-label={i18n._('Status')}>
                        <span className={c.active ? 'pill pill-ok' : 'pill'}>
                          {c.active ? i18n._('Active') : i18n._('Off')}
                        </span>
                      </td>
                      <td className="cell-action">
                        <button
                          type="button"
                          className="btn btn-sm"
                          disabled={toggle.isPending}
                          onClick={() => toggle.mutate(c)}
                          aria-label={
                            c.active
                              ? i18n._('Switch off {code}', { code: c.code })
                              : i18n._('Switch on {code}', { code: c.code })
                          }
                        >
                          {c.active ? i18n._('Switch off') : i18n._('Switch on')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={page}
              pages={pages}
              onPage={(p) => setParams(p === 1 ? {} : { page: String(p) })}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
