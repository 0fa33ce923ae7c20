import './pagination.css';
import { useI18n } from '../lib/i18n.tsx';

/** Page links for long lists; `page` is 1-based. */
export function Pagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const i18n = useI18n();
  if (pages <= 1) return null;
  const near = [...new Set([1, page - 1, page, page + 1, pages])].filter((p) => p >= 1 && p <= pages);
  return (
    <nav className="pagination" aria-label={i18n._('Pages')}>
      <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {i18n._('Previous')}
      </button>
      {near.map((p, i) => (
        <span key={p} className="row">
          {i > 0 && near[i - 1] !== p - 1 && <span aria-hidden="true">…</span>}
          <button
            type="button"
            className={`btn btn-sm ${p === page ? 'btn-primary' : ''}`}
            aria-current={p === page ? 'page' : undefined}
            aria-label={i18n._('Page {page}', { page: p })}
            onClick={() => onPage(p)}
          >
            {p}
          </button>
        </span>
      ))}
      <button type="button" className="btn btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {i18n._('Next')}
      </button>
    </nav>
  );
}
