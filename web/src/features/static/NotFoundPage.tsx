import { useI18n } from '../../lib/i18n.tsx';
import { Link, useLocation } from '../../lib/router.tsx';

/** Friendly page for unknown addresses. */
export default function NotFoundPage() {
  const i18n = useI18n();
  const { pathname } = useLocation();
  return (
    <section className="page narrow center not-found">
      <p className="big-code" aria-hidden="true">
        404
      </p>
      <h1>{i18n._('Page not found')}</h1>
      <p>
        {i18n._("We couldn't find")} <code>{pathname}</code>
        {i18n._('. It may have moved, or the link may be mistyped.')}
      </p>
      <div className="row center">
        <Link to="/home-page" className="btn btn-primary">
          {i18n._('Go to the home page')}
        </Link>
        <Link to="/allProducts" className="btn">
          {i18n._('Browse all products')}
        </Link>
      </div>
    </section>
  );
}
