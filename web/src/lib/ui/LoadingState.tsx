/** A wait with its reason: a spinner and the text, announced politely to screen readers. */
export function LoadingState({ text, className = 'state' }: { text: string; className?: string }) {
  return (
    <p className={className} role="status">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}
