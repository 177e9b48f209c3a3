/**
 * /k-report (a comment the host names) and /k-feedback (a song, lyrics, playlist or user the query
 * names): what is reported, shown from the host's words at once, then checked with the backend; the
 * form (./parts/ReportForm), loaded meanwhile; then thanks. Content removed before or while the user
 * writes says so.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import { reportTarget as fetchTarget } from '../../lib/api/endpoints/report';
import { query } from '../../lib/bridge';
import { reportTarget, type ReportTarget, type TargetType } from '../../lib/report/reasons';
import { $session } from '../../lib/session';
import { formText } from '../forms/text';
import { Failure } from '../ui/parts/Failure';
import { useText, type Text } from '../ui/text';
import '../ui/placeholder.css';
import type { ReportForm as Form } from './parts/ReportForm';
import { reportText } from './text';
import './report.css';

type Phase = 'loading' | 'ready' | 'failed' | 'gone' | 'none' | 'sent';

const TYPE_KEY: Record<TargetType, string> = {
  comment: 'report.typeComment',
  song: 'report.typeSong',
  lyrics: 'report.typeLyrics',
  playlist: 'report.typePlaylist',
  user: 'report.typeUser',
};

export default function KReport({ page }: { page: 'comment' | 'content' }) {
  const t = useText({ ...reportText, ...formText });
  const session = useStore($session);
  const [target, setTarget] = useState<ReportTarget | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [failure, setFailure] = useState('');
  const [duplicate, setDuplicate] = useState(false);
  // The form's code arrives while the content is checked: it cannot be used before that anyway.
  const [ReportForm, setReportForm] = useState<typeof Form | null>(null);

  const fail = (key: string) => {
    setFailure(key);
    setPhase('failed');
  };
  const check = (named: ReportTarget) => {
    setPhase('loading');
    request(fetchTarget, { type: named.type, id: named.id })
      .then(({ target: known }) => {
        setTarget({ ...named, title: known.title ?? named.title, detail: known.detail ?? named.detail });
        setPhase('ready');
      })
      .catch((error) => (messageKey(error) === 'error.contentGone' ? setPhase('gone') : fail(messageKey(error))));
  };
  const loadForm = () =>
    import('./parts/ReportForm').then(
      (module) => setReportForm(() => module.ReportForm),
      () => fail('error.noInternet'),
    );

  useEffect(() => {
    if (session !== 'signed-in') return;
    const named = reportTarget(page, location.search, query('getKReportInfo'));
    if (!named) return setPhase('none');
    // The host's words show at once; the backend confirms the content still exists.
    setTarget(named);
    check(named);
    void loadForm();
  }, [session]);

  if (phase === 'gone' || phase === 'none') {
    const key = phase === 'none' ? 'report.noTarget' : page === 'comment' ? 'report.commentGone' : 'report.contentGone';
    return (
      <div class="report">
        <p class="report-gone" role="alert">
          {t(key)}
        </p>
      </div>
    );
  }
  if (phase === 'sent') {
    return (
      <div class="report report-sent" role="status">
        <h2>{t('report.sentTitle')}</h2>
        <p>{t(duplicate ? 'report.duplicate' : 'report.sentBody')}</p>
        <button type="button" class="button" onClick={() => history.back()}>
          {t('form.done')}
        </button>
      </div>
    );
  }
  return (
    <div class="report">
      <ReportedItem target={target} t={t} />
      {phase === 'failed' && target && (
        <Failure
          class="form-error"
          message={t(failure)}
          retry={t('form.retry')}
          onRetry={() => {
            check(target);
            if (!ReportForm) void loadForm();
          }}
        />
      )}
      {phase === 'ready' && ReportForm ? (
        <ReportForm
          target={target!}
          onSent={(again) => {
            setDuplicate(again);
            setPhase('sent');
          }}
          onGone={() => setPhase('gone')}
        />
      ) : (
        phase !== 'failed' && <div class="choices skeleton-rows" aria-hidden="true" />
      )}
    </div>
  );
}

/** The comment or content being reported, as text: the host's and the backend's words are never markup. */
function ReportedItem({ target, t }: { target: ReportTarget | null; t: Text }) {
  if (!target) return <div class="reported skeleton" aria-hidden="true" />;
  const line =
    target.type === 'comment'
      ? target.detail && t('report.commentBy', { author: target.detail })
      : target.type === 'user'
        ? t('report.userId', { id: target.id })
        : target.detail;
  return (
    <figure class="reported">
      <figcaption class="reported-type">{t(TYPE_KEY[target.type])}</figcaption>
      {target.title && <blockquote class="reported-title" dir="auto">{target.title}</blockquote>}
      {line && <p class="reported-detail">{line}</p>}
    </figure>
  );
}
