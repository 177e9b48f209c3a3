/** One call of the kit: its name, pass/fail/not run, why, what the app sent, and for a tap, its button. */
import type { MessageKey } from '../../../shared/message-key';
import type { CheckResult } from '../../../lib/kit/kit';
import { usePage } from '../../ui/page';

export interface RowAction {
  /** What running it does, in the page's language. */
  does: string;
  notes: string[];
  label: string;
  busy: boolean;
  disabled: boolean;
  onRun: () => void;
}

export function ResultRow({ result, action }: { result: CheckResult; action?: RowAction }) {
  const { t } = usePage();
  const { call, status, reasons, raw } = result;
  return (
    <li className={`kit-row kit-${status}`} data-call={call} data-status={status}>
      <div className="kit-head">
        <code className="kit-call">{call}</code>
        <span className="kit-badge">{t(`kit.${status}` as MessageKey)}</span>
      </div>
      {action && <p className="kit-does">{action.does}</p>}
      {action?.notes.map((note) => (
        <p key={note} className="kit-note">
          {note}
        </p>
      ))}
      {action?.busy ? (
        <p className="kit-note" role="status">
          {t('kit.waiting')}
        </p>
      ) : (
        reasons.map((reason) => (
          <p key={JSON.stringify(reason)} className="kit-reason">
            {t(`kit.${reason.code}` as MessageKey, reason.params)}
          </p>
        ))
      )}
      {raw !== undefined && (
        <details className="kit-raw">
          <summary>{t('kit.raw')}</summary>
          <pre>{raw}</pre>
        </details>
      )}
      {action && (
        <button type="button" className="button kit-run" disabled={action.disabled} onClick={action.onRun}>
          {action.label}
        </button>
      )}
    </li>
  );
}
