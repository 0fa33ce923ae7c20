import { QueryState } from '../../components/QueryState.tsx';
import { Link } from '../../lib/router.tsx';
import { AdminLoadError, AdminOnly } from './AdminOnly.tsx';
import { actionLabel, detailLines, formatWhen, targetLabel } from './audit-labels.ts';
import { useAuditLog } from './money-api.ts';
import './admin.css';
import './money.css';
import { useI18n } from '../../lib/i18n.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /dashboard/audit-log: every admin action (who, what, on what, when), newest first. */
export default function AdminAuditLogPage() {
  return (
    <AdminOnly>
      <AuditLog />
    </AdminOnly>
  );
}

function AuditLog() {
  const i18n = useI18n();
  const log = useAuditLog();
  return (
    <section className="page admin-page">
      <nav aria-label={i18n._('Breadcrumb')} className="muted admin-crumbs">
        <Link to="/dashboard">{i18n._('Dashboard')}</Link> {i18n._('/ Audit log')}
      </nav>
      <div className="page-head">
        <h1>{i18n._('Audit log')}</h1>
        {log.data && (
          <p className="muted">
            {log.data.length === 1
              ? i18n._('The latest action')
              : i18n._('The latest {count} actions', { count: log.data.length })}
          </p>
        )}
      </div>
      <QueryState
        query={log}
        loading={i18n._('Loading the audit log')}
        LoadError={AdminLoadError}
        isEmpty={(entries) => entries.length === 0}
        empty={<p className="card center">{i18n._('No admin action recorded yet.')}</p>}
      >
        {(entries) => (
          <div className="table-wrap">
            <table className="data-table audit-table">
              <caption className="visually-hidden">{i18n._('Admin actions, newest first')}</caption>
              <thead>
                <tr>
                  <th scope="col">{i18n._('When')}</th>
                  <th scope="col">{i18n._('Admin')}</th>
                  <th scope="col">{i18n._('Action')}</th>
                  <th scope="col">{i18n._('On')}</th>
                  <th scope="col">{i18n._('Detail')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => {
                  const lines = detailLines(e);
                  return (
                    <tr key={e._id}>
                      <td data-label={i18n._('When')} className="cell-nowrap">
                        {formatWhen(e.date)}
                      </td>
                      <td data-label={i18n._('Admin')}>{e.adminEmail}</td>
                      <td data-label={i18n._('Action')} className="cell-name">
                        {actionLabel(e.action)}
                      </td>
                      <td data-label={i18n._('On')}>
                        <span>
                          {targetLabel(e.targetKind)}{' '}
                          {/* A row's id, shortened; a target that is no row (the rates) has none worth showing. */}
                          {UUID.test(e.targetId) && (
                            <span className="mono muted" title={e.targetId}>
                              {e.targetId.slice(0, 8)}
                            </span>
                          )}
                        </span>
                      </td>
                      <td data-label={i18n._('Detail')}>
                        {lines.length > 0 && (
                          <dl className="audit-detail">
                            {lines.map((l, i) => (
                              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own
                              <div key={i}>
                                <dt>{l.label}</dt>
                                <dd>{l.value}</dd>
                              </div>
                            ))}
                          </dl>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </section>
  );
}
