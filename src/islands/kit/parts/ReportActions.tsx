/**
 * The report's ways out: copied as JSON or Markdown (where the WebView cannot copy, shown selected
 * for the tester to copy), and sent to the endpoint the build names (none in a release build unless
 * set: PUBLIC_BRIDGE_REPORT_URL, a path on this site so the page's CSP allows it).
 */
import { useRef, useState } from 'preact/hooks';
import { markdown, type KitReport } from '../../../lib/kit/report';
import { usePage } from '../../ui/page';

const configured: string = import.meta.env.PUBLIC_BRIDGE_REPORT_URL ?? '';
// Only a path of this site: never another origin, whatever the build was given.
const ENDPOINT = /^\/(?!\/)[\w\-./]*$/.test(configured) ? configured : '';

export function ReportActions({ report }: { report: KitReport }) {
  const { t } = usePage();
  const [note, setNote] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  async function copy(text: string) {
    try {
      // eslint-disable-next-line compat/compat -- Chromium < 66 has no navigator.clipboard: this throws, and the catch shows the text to copy by hand
      await navigator.clipboard.writeText(text);
      setShown(null);
      setNote(t('kit.copied'));
    } catch {
      setShown(text);
      setNote(t('kit.copyFailed'));
      requestAnimationFrame(() => box.current?.select());
    }
  }

  async function send() {
    try {
      const response = await fetch(ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(report) });
      setNote(t(response.ok ? 'kit.sent' : 'kit.sendFailed'));
    } catch {
      setNote(t('kit.sendFailed'));
    }
  }

  const words = { pass: t('kit.pass'), fail: t('kit.fail'), skipped: t('kit.skipped') };
  return (
    <div className="kit-actions">
      <button type="button" className="button" onClick={() => void copy(JSON.stringify(report, null, 2))}>
        {t('kit.copyJson')}
      </button>
      <button type="button" className="button" onClick={() => void copy(markdown(report, words))}>
        {t('kit.copyMarkdown')}
      </button>
      {ENDPOINT && (
        <button type="button" className="button" onClick={() => void send()}>
          {t('kit.send')}
        </button>
      )}
      <p className="kit-note" role="status">
        {note}
      </p>
      {shown !== null && <textarea ref={box} className="kit-box field" readOnly value={shown} aria-label={t('kit.report')} />}
    </div>
  );
}
