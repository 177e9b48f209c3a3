/** A failed load, in the user's language, with the retry beside it; what was already shown stays. */
import '../controls.css';

interface Props {
  message: string;
  retry: string;
  onRetry: () => void;
  /** The area's look for failures, e.g. `vip-failure`. */
  class: string;
}

export function Failure({ message, retry, onRetry, class: className }: Props) {
  return (
    <p class={className} role="alert">
      {message}{' '}
      <button type="button" class="link" onClick={onRetry}>
        {retry}
      </button>
    </p>
  );
}
