/**
 * The page's toast and confirm dialog, drawn from the `ui` stores: any island calls `showToast()` or
 * `await confirmDialog()` from src/lib/stores and this one island shows it. One per page. The dialog's
 * code (./parts/Dialog) comes with the first question, as the dialog's history entry does
 * (src/lib/stores/dialog-back.ts): most page views ask none, and on a slow link the bytes are the
 * first screen's. A question it cannot be fetched for (offline since the page opened) is answered
 * "no", and the page says why.
 */
import { useStore } from './use-store';
import { useEffect, useState } from 'preact/hooks';
import { $dialog, $toast, answerDialog, showToast } from '../../lib/stores/ui';
import type { Dialog as DialogPart } from './parts/Dialog';

import './overlay.css';
import { usePage } from './page';

export default function Overlay() {
  const toast = useStore($toast);
  const dialog = useStore($dialog);
  const { t } = usePage();
  const [Dialog, setDialog] = useState<typeof DialogPart | null>(null);
  const fetchDialog = () => import('./parts/Dialog').then((module) => setDialog(() => module.Dialog));
  // It hydrates after the first screen's islands (Page.astro): a toast one of them showed before then
  // shows from now, for its whole 1.5 s.
  useEffect(() => {
    if (toast) showToast(toast.key, toast.params);
  }, []);
  // The first question fetches the code; one after a failed fetch fetches it again (under a fresh
  // URL, by the build's import); a question it cannot come for is answered "no".
  useEffect(() => {
    if (dialog && !Dialog)
      fetchDialog().catch(() => {
        answerDialog(false);
        showToast('error.noInternet');
      });
  }, [dialog]);
  return (
    <>
      <div className="toast-region" role="status" aria-live="polite">
        {toast && <div className="toast">{t(toast.key, toast.params)}</div>}
      </div>
      {dialog && Dialog && <Dialog request={dialog} t={t} />}
    </>
  );
}
