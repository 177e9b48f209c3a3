/**
 * The page's toast and confirm dialog, drawn from the `ui` stores: any island calls `showToast()` or
 * `await confirmDialog()` from src/lib/stores and this one island shows it. One per page.
 */
import { useStore } from './use-store';
import { useLayoutEffect, useRef } from 'react';
import { $dialog, $toast, answerDialog } from '../../lib/stores/ui';

import './overlay.css';
import { usePage } from './page';

export default function Overlay() {
  const toast = useStore($toast);
  const dialog = useStore($dialog);
  const { t } = usePage();
  return (
    <>
      <div className="toast-region" role="status" aria-live="polite">
        {toast && <div className="toast">{t(toast.key, toast.params)}</div>}
      </div>
      {dialog && (
        <Dialog
          title={dialog.titleKey ? t(dialog.titleKey) : undefined}
          message={t(dialog.messageKey, dialog.params)}
          confirm={t(dialog.confirmKey ?? 'shell.ok')}
          cancel={t(dialog.cancelKey ?? 'shell.cancel')}
        />
      )}
    </>
  );
}

interface DialogProps {
  title?: string;
  message: string;
  confirm: string;
  cancel: string;
}

function Dialog({ title, message, confirm, cancel }: DialogProps) {
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
