/**
 * The open-in-app prompt of a page that cannot work outside the app: the sign-in gate's (../AppGate)
 * and /channel's, which has no gate but cannot pay without the host. On the phones that have the app,
 * a link that opens this page there (src/lib/platform appLink: our path, the query written again,
 * without the session); on any other, the spec's brand messages.
 * Not in ../parts: parts go into the core chunk every page loads, and this is needed only outside the
 * app, so a page loads it then (`useLater`).
 */
import { appLink, detectBrand } from '../../../lib/platform';
import '../gate.css';
import { usePage } from '../page';

export function OpenInApp() {
  const { t } = usePage();
  // The platform rules come with this part (one request, outside the app only).
  return detectBrand(navigator.userAgent) !== 'other' ? (
    <section className="gate" aria-live="polite">
      <p>{t('shell.openInAppHint')}</p>
      <a className="button" href={appLink(location.pathname, location.search)}>
        {t('shell.openApp')}
      </a>
    </section>
  ) : (
    <section className="gate" aria-live="polite">
      <p>{t('error.brandOnly')}</p>
      <p>{t('error.cannotOpen')}</p>
    </section>
  );
}
