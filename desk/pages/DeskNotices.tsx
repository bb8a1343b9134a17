/**
 * A page's or a panel's notices, in one place: what went wrong (an alert, read out at once), what was
 * done (a status), and, until it has loaded, what it is loading. The alert and the status are always
 * there, empty, so a screen reader hears them when they change.
 */
export function DeskNotices({
  error,
  done,
  loading,
  errorId,
}: {
  error?: string;
  done?: string;
  /** What is loading ("Loading the accounts…"), shown while there is no error. */
  loading?: string | false;
  /** For a form's fields to be described by the error. */
  errorId?: string;
}) {
  return (
    <>
      <p id={errorId} role="alert" className="desk-error">
        {error}
      </p>
      {done !== undefined && (
        <p role="status" className="desk-live">
          {done}
        </p>
      )}
      {loading && !error && <p className="desk-muted">{loading}</p>}
    </>
  );
}
