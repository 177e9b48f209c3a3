/**
 * /help-feedback: common questions by category (each a link to its answer), the search entry, "My
 * feedback" with a dot while support's replies are unread, the button to write feedback, and customer
 * service by phone or e-mail (src/lib/help/faq.ts). Back closes the page (route flag). The questions
 * and contacts are public: outside the app and signed out they show too, under the gate's prompt.
 */
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { $home, callHotline, loadHome, watchHome, writeEmail } from '../../lib/help/faq';
import { guidesFor } from '../../lib/help/guides';
import { dataOf } from '../../lib/model/loadable';
import { pageHref } from '../../lib/nav';
import { useHydrated } from '../ui/hydrated';
import { Failure } from '../ui/parts/Failure';
import '../ui/placeholder.css';
import './help.css';
import { usePage } from '../ui/page';

export default function HelpFeedback() {
  const { t, locale, session } = usePage();
  const loaded = useStore($home);
  const home = dataOf(loaded);
  // Links carry the page's locale and shell query, known in the browser only: the server renders them bare.
  const href = useHydrated() ? pageHref : () => undefined;

  useEffect(() => (session === 'checking' ? undefined : watchHome()), [session, locale]);

  return (
    <div className="help" data-useful={home ? '' : undefined}>
      <a className="help-search" href={href('search-keyword')}>
        <span aria-hidden="true">⌕</span> {t('help.searchPlaceholder')}
      </a>
      <div className="help-actions">
        <a className="help-action" href={href('my-feedback')}>
          {t('help.myFeedback')}
          {home && home.unread > 0 && (
            <span className="dot" role="img" aria-label={t('help.newReply')}>
              {home.unread}
            </span>
          )}
        </a>
        <a className="button help-action" href={href('feedback')}>
          {t('help.writeFeedback')}
        </a>
      </div>

      <h2 className="help-heading">{t('help.commonQuestions')}</h2>
      {loaded.state === 'failed' && <Failure className="help-failure" message={t(loaded.error)} retry={t('shell.retry')} onRetry={loadHome} />}
      {home
        ? home.categories.map((category, i) => (
            <details
              key={category.id}
              className="help-category"
              open={i === 0}
              data-track="help.category"
              data-track-on="exposure"
              data-track-props={JSON.stringify({ category: category.id })}
            >
              <summary>{category.title}</summary>
              <ul>
                {category.questions.map((q) => (
                  <li key={q.id}>
                    <a
                      href={pageHref('q-and-a', { id: q.id, title: q.question })}
                      data-track="help.question"
                      data-track-props={JSON.stringify({ question: q.id })}
                    >
                      {q.question}
                    </a>
                  </li>
                ))}
                {guidesFor([category.id]).map((guide) => (
                  <li key={guide.route}>
                    <a className="help-guide" href={pageHref(guide.route)}>
                      {t(guide.label)}
                    </a>
                  </li>
                ))}
              </ul>
            </details>
          ))
        : loaded.state === 'loading' && [0, 1, 2, 3, 4, 5].map((key) => <div key={key} className="help-category skeleton" aria-hidden="true" />)}

      <h2 className="help-heading">{t('help.customerService')}</h2>
      <div className="help-service">
        <button type="button" className="help-contact" disabled={!home} onClick={callHotline}>
          {/* Before the contacts arrive the button still says what it does: axe and screen readers need a name. */}
          {t('help.call', { number: home ? home.hotline.display : '…' })}
        </button>
        <button type="button" className="help-contact" disabled={!home} onClick={writeEmail}>
          {t('help.email', { email: home ? home.email : '…' })}
        </button>
      </div>
    </div>
  );
}
