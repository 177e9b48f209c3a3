/**
 * The confirm dialog the page's overlay (../Overlay) draws: focus held inside it, Escape and a tap
 * outside answer "no", the page under it does not scroll. Loaded after the first paint.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { answerDialog } from '../../../lib/stores/ui';

interface DialogProps {
  title?: string;
  message: string;
  confirm: string;
  cancel: string;
}

/** @example <Dialog message="Cancel the payment?" confirm="OK" cancel="Cancel" /> */
export function Dialog({ title, message, confirm, cancel }: DialogProps) {
  const box = useRef<HTMLDivElement>(null);

  // Before the dialog paints, not after: with a plain effect there was a frame where the dialog showed
  // and focus was still on the page, and a Tab in it left the dialog (seen on a loaded machine).
  useLayoutEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    // Scroll lock: the page under the dialog must not move while it is open.
    document.documentElement.classList.add('scroll-lock');
    return () => {
      document.documentElement.classList.remove('scroll-lock');
      previous?.focus?.();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') answerDialog(false);
    if (event.key !== 'Tab' || !box.current) return;
    // Keep focus inside the dialog: Tab from the last button wraps to the first and back.
    const buttons = [...box.current.querySelectorAll<HTMLElement>('button')];
    const [first, last] = [buttons[0], buttons[buttons.length - 1]];
    if (event.shiftKey && document.activeElement === first) {
      last?.focus();
      event.preventDefault();
    } else if (!event.shiftKey && document.activeElement === last) {
      first?.focus();
      event.preventDefault();
    }
  };

  return (
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && answerDialog(false)}>
      <div
        ref={box}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={title ? 'dialog-title' : undefined}
        aria-describedby="dialog-message"
        onKeyDown={onKeyDown}
      >
        {title && <h2 id="dialog-title">{title}</h2>}
        <p id="dialog-message">{message}</p>
        <div className="dialog-actions">
          <button type="button" className="dialog-cancel" onClick={() => answerDialog(false)}>
            {cancel}
          </button>
          <button type="button" className="dialog-confirm" data-autofocus onClick={() => answerDialog(true)}>
            {confirm}
          </button>
        </div>
      </div>
    </div>
  );
}
