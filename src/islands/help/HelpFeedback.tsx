/**
 * /help-feedback: common questions by category (each a link to its answer), the search entry, "My
 * feedback" with a dot while support's replies are unread, the button to write feedback, and customer
 * service by phone (`launchDialing`) or e-mail (`jumpEmail`). Back closes the page (route flag).
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import type { DataOf } from '../../lib/api/endpoint';
import { helpHome } from '../../lib/api/endpoints/help';
import { command, onHost } from '../../lib/bridge';
import { isEmail } from '../../lib/forms/contact';
import { $locale } from '../../lib/i18n';
import { pageHref } from '../../lib/nav';
import { $session } from '../../lib/session';
import { formText } from '../forms/text';
import { useHydrated } from '../ui/hydrated';
import { Failure } from '../ui/parts/Failure';
import { useText } from '../ui/text';
import '../ui/placeholder.css';
import { helpText } from './text';
import './help.css';

type Home = DataOf<typeof helpHome>;

// What the backend gives is still checked before it becomes a tel: or mailto: address.
const DIAL = /^\+?\d{3,20}$/;

export default function HelpFeedback() {
  const t = useText({ ...helpText, ...formText });
  const locale = useStore($locale);
  const session = useStore($session);
  const [home, setHome] = useState<Home | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Links carry the page's locale and shell query, known in the browser only: the server renders them bare.
  const href = useHydrated() ? pageHref : () => undefined;

  const load = () => {
    setFailure(null);
    request(helpHome, { locale })
      .then(setHome)
      .catch((error) => setFailure(messageKey(error)));
  };
  useEffect(() => {
    if (session !== 'signed-in') return;
    load();
    // Back from My feedback (cached page) or the app: the unread dot may have changed.
    return onHost('onResume', load);
  }, [session, locale]);

  const call = (dial: string) => {
    if (DIAL.test(dial) && !command('launchDialing', { phoneNumber: dial }).ok) location.href = `tel:${dial}`;
  };
  const mail = (email: string) => {
    if (isEmail(email) && !command('jumpEmail', { email }).ok) location.href = `mailto:${email}`;
  };

  return (
    <div class="help">
      <a class="help-search" href={href('search-keyword')}>
        <span aria-hidden="true">⌕</span> {t('help.searchPlaceholder')}
      </a>
      <div class="help-actions">
        <a class="help-action" href={href('my-feedback')}>
          {t('help.myFeedback')}
          {home && home.unread > 0 && (
            <span class="dot" role="img" aria-label={t('help.newReply')}>
              {home.unread}
            </span>
          )}
        </a>
        <a class="button help-action" href={href('feedback')}>
          {t('help.writeFeedback')}
        </a>
      </div>

      <h2 class="help-heading">{t('help.commonQuestions')}</h2>
      {failure && <Failure class="help-failure" message={t(failure)} retry={t('form.retry')} onRetry={load} />}
      {home ? (
        home.categories.map((category, i) => (
          <details
            key={category.id}
            class="help-category"
            open={i === 0}
            data-track="help.category"
            data-track-on="exposure"
            data-track-props={JSON.stringify({ category: category.id })}
          >
            <summary>{category.title}</summary>
            <ul>
              {category.questions.map((q) => (
                <li key={q.id}>
                  <a href={pageHref('q-and-a', { id: q.id, title: q.question })} data-track="help.question" data-track-props={JSON.stringify({ question: q.id })}>
                    {q.question}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        ))
      ) : (
        !failure && [0, 1, 2, 3, 4, 5].map((key) => <div key={key} class="help-category skeleton" aria-hidden="true" />)
      )}

      <h2 class="help-heading">{t('help.customerService')}</h2>
      <div class="help-service">
        <button type="button" class="help-contact" disabled={!home} onClick={() => home && call(home.hotline.dial)}>
          {/* Before the contacts arrive the button still says what it does: axe and screen readers need a name. */}
          {t('help.call', { number: home ? home.hotline.display : '…' })}
        </button>
        <button type="button" class="help-contact" disabled={!home} onClick={() => home && mail(home.email)}>
          {t('help.email', { email: home ? home.email : '…' })}
        </button>
      </div>
    </div>
  );
}
