/**
 * /bridge-check: the host team's conformance kit (docs/bridge.md "Checking a host"). The checks with
 * no side effect run on opening; each command and host event runs on a tap. Every row says pass,
 * fail (why, and what the app sent) or not run; the report copies as JSON or Markdown and, where
 * the build names an endpoint, is sent there.
 */
import { useStore } from '../ui/use-store';
import { useEffect, useState } from 'preact/hooks';
import type { MessageKey } from '../../shared/message-key';
import { queryParam } from '../../lib/nav';
import type { CheckResult, Kit, Reason } from '../../lib/kit/kit';
import { usePage } from '../ui/page';
import { ReportActions } from './parts/ReportActions';
import { ResultRow } from './parts/ResultRow';
import './kit.css';

/** The kit's model, built by build/kit-bundle.ts (KIT_FILE). */
const KIT_URL = '/bridge-check-kit.js';

/** `?wait=` seconds (1–120) for every answer: a test host answers at once; a person needs a minute. */
function waitMs(fallback: number): number {
  const wait = Number(queryParam('wait', /^\d{1,3}$/) ?? NaN);
  return wait >= 1 && wait <= 120 ? wait * 1000 : fallback;
}

export default function BridgeCheck() {
  const { t, locale } = usePage();
  const [kit, setKit] = useState<Kit | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const reasonText = ({ code, params }: Reason) => t(`kit.${code}` as MessageKey, params);
    // The kit imports the whole bridge contract, so it is bundled apart from the islands
    // (build/kit-bundle.ts): in their graph it split the call modules it shares off users' pages.
    void (import(/* @vite-ignore */ KIT_URL) as Promise<typeof import('../../lib/kit/kit')>).then(
      ({ createKit }) => {
        const created = createKit({
          win: window,
          // The shell script, the first script of the page, wrote down whether the host was there.
          atFirstScript: document.documentElement.dataset.session !== 'no-app',
          personMs: waitMs(60_000),
          appMs: waitMs(10_000),
          arrivalMs: 3000,
          settleMs: 1000,
          text: reasonText,
          locale,
          buttons: [t('kit.dialogOk'), t('kit.dialogCancel')],
        });
        setKit(created);
        void created.start();
      },
      () => setFailed(true),
    );
  }, []);
  if (failed) return <p role="alert">{t('shell.chunkError')}</p>;
  if (!kit) return <p className="kit-intro">{t('kit.running')}</p>;
  return <KitView kit={kit} />;
}

function KitView({ kit }: { kit: Kit }) {
  const { t } = usePage();
  const { results, automaticDone, busy } = useStore(kit.$kit);
  const report = kit.report();
  const of = (kind: CheckResult['kind']) => results.filter((r) => r.kind === kind);
  const byCall = new Map(results.map((r) => [`${r.kind} ${r.call}`, r]));
  return (
    <div className="kit">
      <p className="kit-intro">{t('kit.intro')}</p>
      <p className="kit-facts">
        {t('kit.engine', { version: report.engine.chromium ?? t('kit.unknown') })}
        <br />
        {t('kit.app', { version: report.app.version ?? t('kit.unknown') })}
      </p>
      <p className="kit-summary" role="status">
        {automaticDone ? t('kit.summary', { pass: report.summary.pass, fail: report.summary.fail, skipped: report.summary.skipped }) : t('kit.running')}
      </p>

      <h2>{t('kit.automatic')}</h2>
      <ul className="kit-list">
        {[...of('bridge'), ...of('query')].map((result) => (
          <ResultRow key={result.call} result={result} />
        ))}
      </ul>

      <h2>{t('kit.commands')}</h2>
      <ul className="kit-list">
        {kit.plan.commands.map((step) => (
          <ResultRow
            key={step.method}
            result={byCall.get(`command ${step.method}`)!}
            action={{
              does: t(step.does, { email: kit.plan.email, phone: kit.plan.phone }),
              notes: [...(step.person ? [t('kit.person', { seconds: kit.plan.personSeconds })] : []), ...(step.leaves ? [t('kit.leaves')] : [])],
              label: t('kit.run'),
              busy: busy === step.method,
              disabled: busy !== null || !automaticDone,
              onRun: () => void kit.run(step),
            }}
          />
        ))}
      </ul>

      <h2>{t('kit.events')}</h2>
      <ul className="kit-list">
        {kit.plan.events.map(({ name, cause }) => (
          <ResultRow
            key={name}
            result={byCall.get(`event ${name}`)!}
            action={{
              does: t(cause),
              notes: [],
              label: t('kit.listen'),
              busy: busy === name,
              disabled: busy !== null || !automaticDone,
              onRun: () => void kit.listen(name),
            }}
          />
        ))}
      </ul>

      <h2>{t('kit.report')}</h2>
      <ReportActions report={report} />
    </div>
  );
}
