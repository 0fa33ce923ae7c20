import { Link, useLocation } from 'react-router';

/** Friendly page for unknown addresses. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="page narrow center not-found">
      <p className="big-code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>
        We couldn't find <code>{pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <div className="row center">
        <Link to="/home-page" className="btn btn-primary">
          Go to the home page
        </Link>
        <Link to="/allProducts" className="btn">
          Browse all products
        </Link>
      </div>
    </section>
  );
}
