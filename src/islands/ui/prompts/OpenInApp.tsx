/**
 * The open-in-app prompt, for a page that does not need a sign-in gate but cannot work outside the
 * app (/channel: paying needs the host). The same prompt and styling as AppGate's (../gate.css,
 * src/lib/platform): on the phones that have the app, a link that opens `path` there; on any other,
 * the spec's brand messages. `path` is one of our routes, written by the caller (plus validated values).
 * Not in ../parts: parts go into the core chunk every page loads, and this is needed only outside the
 * app, so a page loads it then (`useLater`).
 */
import { useEffect, useState } from 'preact/hooks';
import { useText } from '../text';
import '../gate.css';

export function OpenInApp({ path }: { path: string }) {
  const t = useText();
  // Which phone this is, and the link into the app: the platform rules load only here, outside the app.
  const [outside, setOutside] = useState<{ supported: boolean; link: string } | null>(null);
  useEffect(() => {
    void import('../../../lib/platform').then(({ appLink, detectBrand }) =>
      setOutside({ supported: detectBrand(navigator.userAgent) !== 'other', link: appLink(path) }),
    );
  }, [path]);

  if (!outside) return null;
  return outside.supported ? (
    <section class="gate" aria-live="polite">
      <p>{t('shell.openInAppHint')}</p>
      <a class="button" href={outside.link}>
        {t('shell.openApp')}
      </a>
    </section>
  ) : (
    <section class="gate" aria-live="polite">
      <p>{t('error.brandOnly')}</p>
      <p>{t('error.cannotOpen')}</p>
    </section>
  );
}
