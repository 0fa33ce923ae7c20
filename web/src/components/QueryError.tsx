/** A failed load, with the server's message and a way to try again. */
export function QueryError({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  return (
    <div className="form-error center" role="alert">
      <p>{error.message}</p>
      {onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
