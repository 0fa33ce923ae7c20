import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { SearchIcon } from '../../components/icons.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { ApiError } from '../../lib/api.ts';
import { Link, useParams, useSearchParams } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { ActionDialog } from './ActionDialog.tsx';
import { AdminLoadError, AdminOnly } from './AdminOnly.tsx';
import { ADMIN_PAGE_SIZE, adminKeys, useAdminList } from './api.ts';
import { ADMIN_LISTS, type ListDef } from './lists.tsx';
import { ActionButton, type RowAction } from './row-actions.tsx';
import './admin.css';
import { useI18n } from '../../lib/i18n.tsx';

type Row = { _id: string };

/** /dashboard/:list — sellers, users, products, orders or contact messages: searchable, paginated. */
export default function AdminListPage() {
  const i18n = useI18n();
  const { list = '' } = useParams();
  const def = ADMIN_LISTS[list.toLowerCase()];
  return (
    <AdminOnly>
      {def ? (
        <AdminList key={list} list={list.toLowerCase()} def={def} />
      ) : (
        <section className="page narrow center">
          <h1>{i18n._('Not found')}</h1>
          <Link to="/dashboard">{i18n._('Back to the dashboard')}</Link>
        </section>
      )}
    </AdminOnly>
  );
}

function AdminList({ list, def }: { list: string; def: ListDef<Row> }) {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  // Back/forward changes the search in the URL; the box follows it.
  useEffect(() => setDraft(q), [q]);
  const data = useAdminList<Row>(list, q, page);
  const qc = useQueryClient();
  const [asking, setAsking] = useState<RowAction | null>(null);

  const act = useMutation({
    mutationFn: ({ action, reason }: { action: RowAction; reason: string }) => action.run(reason),
    onSuccess: (_, { action }) => {
      toast.success(action.done);
      setAsking(null);
      return qc.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (err) => {
      // A reason the server found wanting shows beside its field (ActionDialog).
      if (!(err instanceof ApiError && err.status === 400)) toast.error(err.message);
    },
  });

  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  const total = data.data?.total ?? 0;

  return (
    <section className="page admin-page">
      <nav aria-label={i18n._('Breadcrumb')} className="muted admin-crumbs">
        <Link to="/dashboard">{i18n._('Dashboard')}</Link> / {i18n._(def.title)}
      </nav>
      <div className="page-head">
        <h1>{i18n._(def.title)}</h1>
        {data.data && (
          <p className="muted" aria-live="polite">
            {i18n._('{total, plural, one {# result} other {# results}}', { total })}
          </p>
        )}
      </div>
      <form
        className="admin-search"
        aria-label={i18n._('Search {list}', { list: i18n._(def.title).toLowerCase() })}
        onSubmit={search}
      >
        <label htmlFor="admin-q" className="visually-hidden">
          {i18n._('Search by')} {i18n._(def.searchFields)}
        </label>
        <input
          id="admin-q"
          className="input"
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={capitalised(i18n._(def.searchFields))}
        />
        <button type="submit" className="btn btn-primary">
          <SearchIcon />
          <span className="admin-search-text">{i18n._('Search')}</span>
        </button>
      </form>
      <QueryState
        query={data}
        loading={i18n._('Loading {list}', { list: i18n._(def.title).toLowerCase() })}
        LoadError={AdminLoadError}
        isEmpty={(found) => found.items.length === 0}
        empty={
          <p className="card center">
            {total > 0 ? (
              <>
                {i18n._('There is no page')} {page}.{' '}
                <Link to={q ? `?q=${encodeURIComponent(q)}` : '?'}>{i18n._('Back to the first page')}</Link>
              </>
            ) : q ? (
              i18n._('Nothing matches “{q}”.', { q })
            ) : (
              i18n._('Nothing here yet.')
            )}
          </p>
        }
      >
        {(found) => (
          <div className="table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">{i18n._(def.title)}</caption>
              <thead>
                <tr>
                  {def.columns.map((c) => (
                    <th key={c.label} scope="col">
                      {i18n._(c.label)}
                    </th>
                  ))}
                  {def.actions && <th scope="col">{i18n._('Action')}</th>}
                </tr>
              </thead>
              <tbody>
                {found.items.map((row) => (
                  <tr key={row._id}>
                    {def.columns.map((c) => (
                      <td key={c.label} data-label={i18n._(c.label)} className={c.className}>
                        {c.cell(row, setAsking, i18n)}
                      </td>
                    ))}
                    {def.actions && (
                      <td data-label={i18n._('Action')} className="cell-action">
                        {def.actions(row, i18n).map((a) => (
                          <ActionButton key={a.name} action={a} ask={setAsking} />
                        ))}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      <Pagination
        page={page}
        pages={Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE))}
        onPage={(p) => setParams(q ? { q, page: String(p) } : { page: String(p) })}
      />
      {asking && (
        <ActionDialog
          key={asking.name}
          action={asking}
          busy={act.isPending}
          onConfirm={(reason) => act.mutateAsync({ action: asking, reason })}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}

/** 'Name, company…' from 'name, company…' (a Hindi text has no case and stays as it is). */
const capitalised = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;
