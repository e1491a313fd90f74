/** A centred Bootstrap spinner with a label for screen readers. */
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center my-5" role="status" aria-live="polite">
      <div className="spinner-border text-success" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
