import { Link } from 'react-router';

/** Temporary screen for routes whose feature is still being built (seller/admin, issue 7). */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="page narrow center">
      <h1>{title}</h1>
      <p className="muted">This screen is coming soon.</p>
      <Link to="/home-page" className="btn">
        Back to the shop
      </Link>
    </section>
  );
}
