import { useI18n } from '../lib/i18n.tsx'; /** A failed load, with the server's message and a way to try again. */
export function QueryError({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  const i18n = useI18n();
  return (
    <div className="form-error center" role="alert">
      <p>{i18n._(error.message)}</p>
      {onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {i18n._('Try again')}
        </button>
      )}
    </div>
  );
}
