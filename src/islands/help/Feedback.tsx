/**
 * /feedback and /feedback2: the form's options from the backend (types in the user's language, the
 * phone rule, the code), the form (./parts/FeedbackForm, loaded meanwhile), then "Feedback sent" with
 * the way to My feedback. /feedback2 is opened from the player: the `type` query preselects a type and
 * the song playing (`getPlayerState`) can be attached.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import { feedbackConfig } from '../../lib/api/endpoints/feedback';
import { query } from '../../lib/bridge';
import { FEEDBACK_TYPES } from '../../lib/help/feedback-types';
import { $locale } from '../../lib/i18n';
import { pageHref } from '../../lib/nav';
import { isContentId } from '../../lib/id';
import { $session } from '../../lib/session';
import { formText } from '../forms/text';
import { Failure } from '../ui/parts/Failure';
import { useText } from '../ui/text';
import '../ui/placeholder.css';
import type { Config, FeedbackForm as Form } from './parts/FeedbackForm';
import { helpText } from './text';
import './help.css';

export default function Feedback({ page }: { page: 'help' | 'player' }) {
  const t = useText({ ...helpText, ...formText });
  const locale = useStore($locale);
  const session = useStore($session);
  const [config, setConfig] = useState<Config | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  // The form's code arrives while the options are fetched: it cannot show before them anyway.
  const [FeedbackForm, setFeedbackForm] = useState<typeof Form | null>(null);

  const load = () => {
    setFailure(null);
    request(feedbackConfig, { locale })
      .then(setConfig)
      .catch((error) => setFailure(messageKey(error)));
    if (!FeedbackForm) {
      import('./parts/FeedbackForm').then(
        (module) => setFeedbackForm(() => module.FeedbackForm),
        () => setFailure('error.noInternet'),
      );
    }
  };
  useEffect(() => {
    if (session === 'signed-in') load();
  }, [session, locale]);

  if (sent) {
    return (
      <div class="help report-sent" role="status">
        <h2>{t('help.sentTitle')}</h2>
        <p>{t('help.sentBody')}</p>
        <a class="button" href={pageHref('my-feedback')}>
          {t('help.viewFeedback')}
        </a>
      </div>
    );
  }
  if (!config || !FeedbackForm) {
    return (
      <div class="help" aria-busy={!failure}>
        {failure ? <Failure class="help-failure" message={t(failure)} retry={t('form.retry')} onRetry={load} /> : <div class="form-skeleton skeleton" />}
      </div>
    );
  }
  const params = new URLSearchParams(location.search);
  const presetType = page === 'player' ? (FEEDBACK_TYPES.find((type) => type === params.get('type')) ?? 'music') : null;
  const playing = page === 'player' ? query('getPlayerState').resourceId : undefined;
  const song = playing === undefined ? null : String(playing);
  return (
    <div class="help">
      <FeedbackForm config={config} presetType={presetType} song={isContentId(song) ? song : null} onSent={() => setSent(true)} />
    </div>
  );
}
