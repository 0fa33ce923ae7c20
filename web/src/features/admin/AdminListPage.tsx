import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SearchIcon } from '../../components/icons.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { toast } from '../../lib/toast.ts';
import { AdminLoadError, AdminOnly } from './AdminOnly.tsx';
import { ADMIN_PAGE_SIZE, adminKeys, removeProduct, setSellerSuspended, useAdminList } from './api.ts';
import { ADMIN_LISTS, type ListDef } from './lists.tsx';
import './admin.css';

type Row = { _id: string };

/** /dashboard/:list — sellers, users, products, orders or contact messages: searchable, paginated. */
export default function AdminListPage() {
  const { list = '' } = useParams();
  const def = ADMIN_LISTS[list.toLowerCase()];
  return (
    <AdminOnly>
      {def ? (
        <AdminList key={list} list={list.toLowerCase()} def={def} />
      ) : (
        <section className="page narrow center">
          <h1>Not found</h1>
          <Link to="/dashboard">Back to the dashboard</Link>
        </section>
      )}
    </AdminOnly>
  );
}

function AdminList({ list, def }: { list: string; def: ListDef<Row> }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  // Back/forward changes the search in the URL; the box follows it.
  useEffect(() => setDraft(q), [q]);
  const data = useAdminList<Row>(list, q, page);
  const qc = useQueryClient();
  const [asking, setAsking] = useState<Row | null>(null);

  const act = useMutation({
    mutationFn: async (row: Row) => {
      const kind = def.action?.kind(row);
      if (kind === 'remove') await removeProduct(row._id);
      else if (kind) await setSellerSuspended(row._id, kind === 'suspend');
      return kind;
    },
    onSuccess: (kind, row) => {
      const done = { suspend: 'suspended', reinstate: 'reinstated', remove: 'removed' } as const;
      toast.success(`${def.rowName(row)} ${kind ? done[kind] : 'updated'}`);
      setAsking(null);
      return qc.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (err) => toast.error(err.message),
  });

  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  const total = data.data?.total ?? 0;

  return (
    <section className="page admin-page">
      <nav aria-label="Breadcrumb" className="muted admin-crumbs">
        <Link to="/dashboard">Dashboard</Link> / {def.title}
      </nav>
      <div className="page-head">
        <h1>{def.title}</h1>
        {data.data && (
          <p className="muted" aria-live="polite">
            {total === 1 ? '1 result' : `${total} results`}
          </p>
        )}
      </div>
      <form className="admin-search" aria-label={`Search ${def.title.toLowerCase()}`} onSubmit={search}>
        <label htmlFor="admin-q" className="visually-hidden">
          Search by {def.searchFields}
        </label>
        <input
          id="admin-q"
          className="input"
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={`${def.searchFields[0]?.toUpperCase()}${def.searchFields.slice(1)}`}
        />
        <button type="submit" className="btn btn-primary">
          <SearchIcon />
          <span className="admin-search-text">Search</span>
        </button>
      </form>
      {data.isPending ? (
        <Spinner label={`Loading ${def.title.toLowerCase()}`} />
      ) : data.error ? (
        <AdminLoadError error={data.error} onRetry={() => data.refetch()} />
      ) : data.data.items.length === 0 ? (
        <p className="card center">
          {total > 0 ? (
            <>
              There is no page {page}.{' '}
              <Link to={{ search: q ? `?q=${encodeURIComponent(q)}` : '' }}>Back to the first page</Link>
            </>
          ) : q ? (
            `Nothing matches “${q}”.`
          ) : (
            'Nothing here yet.'
          )}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{def.title}</caption>
            <thead>
              <tr>
                {def.columns.map((c) => (
                  <th key={c.label} scope="col">
                    {c.label}
                  </th>
                ))}
                {def.action && <th scope="col">Action</th>}
              </tr>
            </thead>
            <tbody>
              {data.data.items.map((row) => {
                const kind = def.action?.kind(row);
                return (
                  <tr key={row._id}>
                    {def.columns.map((c) => (
                      <td key={c.label} data-label={c.label} className={c.className}>
                        {c.cell(row)}
                      </td>
                    ))}
                    {def.action && (
                      <td data-label="Action" className="cell-action">
                        {kind && (
                          <button
                            type="button"
                            className={`btn btn-sm ${kind === 'reinstate' ? '' : 'btn-danger'}`}
                            onClick={() => setAsking(row)}
                            aria-label={`${def.action.label(row)} ${def.rowName(row)}`}
                          >
                            {def.action.label(row)}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={page}
        pages={Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE))}
        onPage={(p) => setParams(q ? { q, page: String(p) } : { page: String(p) })}
      />
      {asking && def.action && (
        <ConfirmDialog
          {...def.action.question(asking)}
          confirmLabel={def.action.label(asking)}
          busy={act.isPending}
          onConfirm={() => act.mutate(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
