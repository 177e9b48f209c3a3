/**
 * /k-appeal: the user's removed comments and restrictions (src/lib/report/appeal.ts). Those appealed
 * show where their appeal stands; for the others, the appeal form (./parts/AppealForm), loaded while
 * the list is fetched.
 */
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { formatDate } from '../../shared/format';
import { $appealSent, $open, $subjects, loadSubjects, type Subject } from '../../lib/report/appeal';
import { $selfInfo } from '../../lib/stores/self-info';
import { Failure } from '../ui/parts/Failure';
import { useLater } from '../ui/use-later';
import type { Text } from '../../lib/i18n';
import '../ui/placeholder.css';
import '../ui/sent.css';
import './report.css';
import { usePage } from '../ui/page';

const STATE_KEY = {
  submitted: 'report.stateSubmitted',
  reviewing: 'report.stateReviewing',
  upheld: 'report.stateUpheld',
  rejected: 'report.stateRejected',
} as const;

const labelKey = (s: Subject) => (s.kind === 'comment' ? 'report.subjectComment' : 'report.subjectRestriction');

export default function KAppeal() {
  const { t, locale, session } = usePage();
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  const subjects = useStore($subjects);
  const open = useStore($open);
  const sent = useStore($appealSent);
  // The form's code arrives while the list is fetched: it cannot show before the list anyway.
  const form = useLater(() => import('./parts/AppealForm').then((module) => module.AppealForm));
  const AppealForm = form.Part;
  const date = (seconds: number) => formatDate(seconds, locale, { timeZone, style: 'long' });

  useEffect(() => {
    if (session !== 'signed-in') return;
    void loadSubjects();
    form.load();
  }, [session]);

  const failure = subjects.state === 'failed' ? subjects.error : form.failed ? 'error.noInternet' : null;
  if (subjects.state !== 'ready' || (!AppealForm && !failure && open.length > 0)) {
    return (
      <div className="report" aria-busy={!failure}>
        {failure ? (
          <Failure className="form-error" message={t(failure)} retry={t('shell.retry')} onRetry={() => location.reload()} />
        ) : (
          <div className="reported skeleton" />
        )}
      </div>
    );
  }

  const appealed = subjects.data.filter((s) => s.appeal);
  // The comment is the user's own words, isolated (<bdi>) so a right-to-left comment cannot reorder the line.
  const describe = (s: Subject) =>
    s.kind === 'comment' ? (
      <>
        {t('report.removedOn', { date: date(s.at) })} · “<bdi>{s.text ?? ''}</bdi>”
      </>
    ) : s.until === null ? (
      t('report.restrictedNoEnd', { from: date(s.at) })
    ) : (
      t('report.restrictedUntil', { from: date(s.at), until: date(s.until) })
    );
  return (
    <div className="report">
      {sent && (
        <div className="report-sent" role="status">
          <h2>{t('report.appealSentTitle')}</h2>
          <p>{t('report.openBody')}</p>
        </div>
      )}
      {subjects.data.length === 0 && <p className="report-gone">{t('report.nothingToAppeal')}</p>}
      {appealed.length > 0 && (
        <ul className="appeals">
          {appealed.map((s) => (
            <AppealCard key={s.id} subject={s} t={t} date={date} />
          ))}
        </ul>
      )}
      {open.length > 0 && AppealForm && <AppealForm describe={describe} labelOf={(s) => t(labelKey(s))} />}
    </div>
  );
}

/** An appealed subject: what it was, and where its appeal stands. */
function AppealCard({ subject, t, date }: { subject: Subject; t: Text; date: (seconds: number) => string }) {
  const appeal = subject.appeal!;
  const decided = appeal.decidedAt !== null && (appeal.state === 'upheld' || appeal.state === 'rejected');
  return (
    <li className="appeal">
      <div className="appeal-head">
        <strong>{t(labelKey(subject))}</strong>
        <span className={`appeal-state is-${appeal.state}`}>{t(STATE_KEY[appeal.state])}</span>
      </div>
      {subject.text && (
        <p className="appeal-text" dir="auto">
          {subject.text}
        </p>
      )}
      <p className="appeal-meta">{t('report.appealedOn', { date: date(appeal.createdAt) })}</p>
      <p>{decided ? t(appeal.state === 'upheld' ? 'report.upheldBody' : 'report.rejectedBody', { date: date(appeal.decidedAt!) }) : t('report.openBody')}</p>
    </li>
  );
}
