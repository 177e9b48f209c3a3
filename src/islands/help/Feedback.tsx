/**
 * /feedback and /feedback2: the form's options from the backend (types in the user's language, the
 * phone rule, the code), the form (./parts/FeedbackForm, loaded meanwhile), then "Feedback sent" with
 * the way to My feedback, and Done (back where the user came from, or the WebView closes). /feedback2 is opened from the player: the `type` query preselects a type and
 * the song playing can be attached (src/lib/help/feedback.ts).
 */
import { useStore } from '../ui/use-store';
import { useEffect, useMemo } from 'preact/hooks';
import { $feedbackConfig, $feedbackSent, doneWithFeedback, feedbackOrigin, loadFeedbackConfig, markSent } from '../../lib/help/feedback';
import { pageHref } from '../../lib/nav';
import { TextBox } from '../forms/parts/TextBox';
import { Failure } from '../ui/parts/Failure';
import { useLater } from '../ui/use-later';
import type { Text } from '../../lib/i18n';
import '../ui/controls.css';
import '../ui/placeholder.css';
import '../ui/sent.css';
import './help.css';
import { usePage } from '../ui/page';

export default function Feedback({ page }: { page: 'help' | 'player' }) {
  const { t, locale, signedIn } = usePage();
  const config = useStore($feedbackConfig);
  const sent = useStore($feedbackSent);
  // The form's code arrives while the options are fetched: it cannot show before them anyway.
  const form = useLater(() => import('./parts/FeedbackForm').then((module) => module.FeedbackForm));
  const FeedbackForm = form.Part;
  const origin = useMemo(() => (signedIn ? feedbackOrigin(page, location.search) : null), [signedIn]);

  const load = () => {
    void loadFeedbackConfig(locale);
    form.load();
  };
  useEffect(() => {
    if (signedIn) load();
  }, [signedIn, locale]);

  if (sent) {
    return (
      <div className="help report-sent" role="status">
        <h2>{t('help.sentTitle')}</h2>
        <p>{t('help.sentBody')}</p>
        <a className="button" href={pageHref('my-feedback')}>
          {t('help.viewFeedback')}
        </a>
        <button type="button" className="link" onClick={doneWithFeedback}>
          {t('help.done')}
        </button>
      </div>
    );
  }
  const failure = config.state === 'failed' ? config.error : form.failed ? 'error.noInternet' : null;
  if (config.state !== 'ready' || !FeedbackForm || !origin) {
    return (
      <div className="help" aria-busy={!failure}>
        {failure ? <Failure className="help-failure" message={t(failure)} retry={t('shell.retry')} onRetry={load} /> : <FormPreview t={t} />}
      </div>
    );
  }
  return (
    <div className="help">
      <FeedbackForm config={config.data} presetType={origin.presetType} song={origin.song} onSent={markSent} />
    </div>
  );
}

// As many rows as the backend usually offers types (server/db/seed.ts), so little moves when they come.
const TYPE_ROWS = [0, 1, 2, 3];

/**
 * The form's first screen while its options and code arrive, drawn on the server: the type question
 * with a row per type to come, and the description, disabled. The form takes its place unchanged.
 */
function FormPreview({ t }: { t: Text }) {
  return (
    <div className="feedback" aria-busy="true">
      <fieldset className="choices" disabled>
        <legend className="form-label">{t('help.typeLabel')}</legend>
        {TYPE_ROWS.map((row) => (
          <div key={row} className="choice skeleton" aria-hidden="true" />
        ))}
      </fieldset>
      <TextBox
        id="feedback-text"
        label={t('help.descriptionLabel')}
        placeholder={t('help.descriptionPlaceholder')}
        value=""
        onInput={() => undefined}
        error={null}
        disabled
      />
    </div>
  );
}
