/**
 * /exchange-members: redeem a membership code. The code typed so far survives a reload or a trip to
 * another page (sessionStorage: the route is "cached"), stays in the field on any error, and one
 * submission runs at a time.
 */
import { useStore } from '../ui/use-store';
import { useEffect, useRef } from 'preact/hooks';
import { dataOf } from '../../lib/model/loadable';
import { pageHref } from '../../lib/nav';
import { $selfInfo } from '../../lib/stores/self-info';
import { $vipStatus, loadMembership } from '../../lib/vip/membership';
import { $redeem, redeem, restoreCode, typeCode } from '../../lib/vip/redeem';
import { dateIn } from './parts/plan-words';
import { useLater } from '../ui/use-later';
import { usePage } from '../ui/page';
import '../ui/controls.css';

import './vip.css';

export default function ExchangeMembers() {
  const { t, locale, signedIn } = usePage();
  const timeZone = useStore($selfInfo).dev_timezone;
  const input = useRef<HTMLInputElement>(null);
  const { code, error, busy, redeemed } = useStore($redeem);

  const membership = dataOf(useStore($vipStatus))?.membership;
  const date = dateIn(locale, timeZone);

  // What the code did, announced once it is known (./parts/Done.tsx).
  const done = useLater(() => import('./parts/Done').then((m) => m.Done));
  const Done = done.Part;
  useEffect(() => {
    if (redeemed) done.load();
  }, [redeemed]);

  useEffect(() => restoreCode(input.current?.value ?? ''), []);
  // How a code of the other tier applies depends on the membership the server knows.
  useEffect(() => {
    if (signedIn) void loadMembership();
  }, [signedIn]);
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (!(await redeem())) input.current?.focus();
  };

  return (
    <div className="vip">
      <form className="vip-redeem" onSubmit={onSubmit} noValidate>
        <label htmlFor="redeem-code" className="vip-label">
          {t('vip.codeLabel')}
        </label>
        <input
          ref={input}
          id="redeem-code"
          className="field vip-input"
          name="code"
          value={code}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck="false"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'redeem-error' : 'redeem-hint'}
          onInput={(event) => typeCode(event.currentTarget.value)}
        />
        {error ? (
          <p id="redeem-error" className="vip-field-error" role="alert">
            {t(error)}
          </p>
        ) : (
          <p id="redeem-hint" className="vip-hint">
            {t('vip.codeHint')}
          </p>
        )}
        {/* Before redeeming: where a code's days go, for a member (src/shared/vip/ledger.ts). */}
        {membership?.tier === 'vip' && <p className="vip-hint">{t('vip.codeRuleVip')}</p>}
        {membership?.tier === 'svip' && membership.svipUntil !== null && (
          <p className="vip-hint">{t('vip.codeRuleSvip', { date: date(membership.svipUntil) })}</p>
        )}
        <button type="submit" className="button vip-buy" disabled={busy || !signedIn}>
          {busy ? t('vip.redeeming') : t('vip.redeem')}
        </button>
      </form>
      {redeemed && (
        <div className="vip-banner" role="status">
          {Done && <Done grant={redeemed.grant} membership={redeemed.membership} />}
          <a href={pageHref('vip-management')}>{t('vip.manage')}</a>
        </div>
      )}
    </div>
  );
}
