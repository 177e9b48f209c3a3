/**
 * /k-report (a comment the host names) and /k-feedback (a song, lyrics, playlist or user the query
 * names): what is reported, shown from the host's words at once, then checked with the backend
 * (src/lib/report/report.ts); the form (./parts/ReportForm), loaded meanwhile; then thanks. Content
 * removed before or while the user writes says so.
 */
import type { MessageKey } from '../../i18n';
import { useStore } from '../ui/use-store';
import { useEffect, useState } from 'preact/hooks';
import { REASONS_BY_TYPE } from '../../shared/report/reasons';
import { $report, $target, checkTarget, finishReport, namedTarget, startReport, type ReportTarget, type TargetType } from '../../lib/report/report';
import { Choices } from '../forms/parts/Choices';
import { TextBox } from '../forms/parts/TextBox';
import { Failure } from '../ui/parts/Failure';
import { useLater } from '../ui/use-later';
import type { Text } from '../../lib/i18n';
import '../ui/placeholder.css';
import '../ui/sent.css';
import './report.css';
import { usePage } from '../ui/page';

const TYPE_KEY: Record<TargetType, MessageKey> = {
  comment: 'report.typeComment',
  song: 'report.typeSong',
  lyrics: 'report.typeLyrics',
  playlist: 'report.typePlaylist',
  user: 'report.typeUser',
};

export default function KReport({ page }: { page: 'comment' | 'content' }) {
  const { t, locale, session } = usePage();
  // What the host and the query name, known in the browser from the first render on: the comment the
  // shell filled in before first paint is drawn again, not replaced (src/layouts/shell-events.ts).
  const [named] = useState(() => (typeof window === 'undefined' ? null : namedTarget(page, location.search)));
  const target = useStore($target) ?? named;
  const report = useStore($report);
  // The form's code arrives while the content is checked: it cannot be used before that anyway.
  const form = useLater(() => import('./parts/ReportForm').then((module) => module.ReportForm));
  const ReportForm = form.Part;
  useEffect(() => {
    if (session !== 'signed-in') return;
    void startReport(page, location.search, locale);
    form.load();
  }, [session]);

  if (report.state === 'gone' || report.state === 'none') {
    const key = report.state === 'none' ? 'report.noTarget' : page === 'comment' ? 'report.commentGone' : 'report.contentGone';
    return (
      <div className="report">
        <p className="report-gone" role="alert">
          {t(key)}
        </p>
      </div>
    );
  }
  if (report.state === 'sent') {
    return (
      <div className="report report-sent" role="status">
        <h2>{t('report.sentTitle')}</h2>
        <p>{t(report.duplicate ? 'report.duplicate' : 'report.sentBody')}</p>
        <button type="button" className="button" onClick={() => history.back()}>
          {t('form.done')}
        </button>
      </div>
    );
  }
  const failure = report.state === 'failed' ? report.error : form.failed ? 'error.noInternet' : null;
  return (
    <div className="report">
      {page === 'comment' ? <ReportedComment content={target?.title} author={target?.detail} t={t} /> : <ReportedItem target={target} t={t} />}
      {failure && target && (
        <Failure
          className="form-error"
          message={t(failure)}
          retry={t('shell.retry')}
          onRetry={() => {
            if (report.state === 'failed') void checkTarget();
            form.load();
          }}
        />
      )}
      {report.state === 'ready' && ReportForm && target ? (
        <ReportForm target={target} onDone={finishReport} />
      ) : (
        !failure && <FormPreview type={page === 'comment' ? 'comment' : target?.type} t={t} />
      )}
    </div>
  );
}

/** The comment or content being reported, as text: the host's and the backend's words are never markup. */
function ReportedItem({ target, t }: { target: ReportTarget | null; t: Text }) {
  if (!target) return <div className="reported skeleton" aria-hidden="true" />;
  // A comment is drawn by ReportedComment: this is a song's artist, or a user's id.
  const line = target.type === 'user' ? t('report.userId', { id: target.id }) : target.detail;
  return (
    <figure className="reported">
      <figcaption className="reported-type">{t(TYPE_KEY[target.type])}</figcaption>
      {target.title && (
        <blockquote className="reported-title" dir="auto">
          {target.title}
        </blockquote>
      )}
      {line && <p className="reported-detail">{line}</p>}
    </figure>
  );
}

/**
 * The reported comment, as the host names it. Drawn on the server with empty slots that the shell
 * fills with the host's words, as text, before first paint (`data-host`, src/layouts/shell-events.ts);
 * an empty slot is not shown (report.css).
 */
function ReportedComment({ content, author, t }: { content: string | undefined; author: string | undefined; t: Text }) {
  const [before = '', after = ''] = t('report.commentBy', { author: '\u0000' }).split('\u0000');
  return (
    <figure className="reported">
      <figcaption className="reported-type">{t('report.typeComment')}</figcaption>
      <blockquote className="reported-title" dir="auto" data-host="getKReportInfo content">
        {content}
      </blockquote>
      {/* Empty when the host names no author: report.css then hides the line after it. */}
      <span className="reported-author" data-host="getKReportInfo author" hidden>
        {author}
      </span>
      <p className="reported-detail">
        {before}
        <bdi data-host="getKReportInfo author">{author}</bdi>
        {after}
      </p>
    </figure>
  );
}

/**
 * The form as it will be, disabled, while its code and the content check arrive: the reasons offered
 * for the content's type and the description, so the first screen is whole and nothing moves when
 * the form takes its place. A type not known yet (a query still to read) keeps the placeholder.
 */
function FormPreview({ type, t }: { type: TargetType | undefined; t: Text }) {
  if (!type) return <div className="choices skeleton-rows" aria-hidden="true" />;
  const none = () => undefined;
  return (
    <div className="report" aria-busy="true">
      <Choices
        name="reason"
        legend={t('report.reasonTitle')}
        choices={REASONS_BY_TYPE[type].map((id) => ({ id, label: t(`report.${id}` as const) }))}
        value={null}
        onChange={none}
        error={null}
        disabled
      />
      <TextBox
        id="report-text"
        label={t('report.descriptionLabel')}
        optional
        placeholder={t('report.descriptionPlaceholder')}
        value=""
        onInput={none}
        error={null}
        disabled
      />
    </div>
  );
}
