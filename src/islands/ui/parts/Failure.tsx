/** A failed load, in the user's language, with the retry beside it; what was already shown stays. */
import '../controls.css';

interface Props {
  message: string;
  retry: string;
  onRetry: () => void;
  /** The area's look for failures, e.g. `vip-failure`. */
  className: string;
}

export function Failure({ message, retry, onRetry, className }: Props) {
  return (
    <p className={className} role="alert">
      {message}{' '}
      <button type="button" className="link" onClick={onRetry}>
        {retry}
      </button>
    </p>
  );
}
