/**
 * The confirm dialog the page's overlay (../Overlay) draws: focus held inside it, Escape and a tap
 * outside answer "no", the page under it does not scroll. Loaded after the first paint.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { answerDialog, type DialogRequest } from '../../../lib/stores/ui';
import type { Text } from '../../../lib/i18n';

interface DialogProps {
  request: DialogRequest;
  t: Text;
}

/**
 * The question in the page's language; the buttons say OK and Cancel unless it names others. Worded
 * here, not in the overlay: this code loads with the first question, the overlay's with every page.
 * @example <Dialog request={{ messageKey: 'pay.cancel.confirm' }} t={t} />
 */
export function Dialog({ request, t }: DialogProps) {
  const title = request.titleKey && t(request.titleKey);
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
        <p id="dialog-message">{t(request.messageKey, request.params)}</p>
        <div className="dialog-actions">
          <button type="button" className="dialog-cancel" onClick={() => answerDialog(false)}>
            {t(request.cancelKey ?? 'shell.cancel')}
          </button>
          <button type="button" className="dialog-confirm" data-autofocus onClick={() => answerDialog(true)}>
            {t(request.confirmKey ?? 'shell.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
