import { Spinner } from './Spinner.tsx';

/**
 * A product grid while its products load: cards of the real cards' shape hold the space (no jump
 * when they arrive), with the spinner of SPEC §2 over them.
 */
export function ProductGridSkeleton({
  label,
  count = 8,
  className = '',
}: {
  label: string;
  count?: number;
  className?: string;
}) {
  return (
    <div className="skeleton-wrap">
      <Spinner label={label} />
      <div className={`product-grid ${className}`} aria-hidden="true" data-testid="product-skeleton">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to key on
          <div key={i} className="product-card skeleton-card">
            <div className="skeleton-img" />
            <div className="skeleton-line" />
            <div className="skeleton-line short" />
            <div className="skeleton-line short" />
            <div className="skeleton-button" />
          </div>
        ))}
      </div>
    </div>
  );
}
