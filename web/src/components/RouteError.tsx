import { useI18n } from '../lib/i18n.tsx';
import { ChunkLoadError } from '../lib/lazy-screen.ts';
import { Link, useRouteError } from '../lib/router.tsx';

/** Error page inside the layout: a failed chunk offers Retry; anything else a friendly message. */
export function RouteError() {
  const i18n = useI18n();
  const error = useRouteError();
  if (error instanceof ChunkLoadError) {
    return (
      <section className="page narrow center" role="alert">
        <h1>{error.message}</h1>
        <p>{i18n._('The page could not be downloaded. Check your connection and try again.')}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {i18n._('Retry')}
        </button>
      </section>
    );
  }
  const message = error instanceof Error ? error.message : /*i18n*/ 'Something went wrong';
  return (
    <section className="page narrow center" role="alert">
      <h1>{i18n._('Something went wrong')}</h1>
      <p>{i18n._(message)}</p>
      <Link className="btn btn-primary" to="/home-page">
        {i18n._('Back to the shop')}
      </Link>
    </section>
  );
}
