/**
 * /exchange-members: redeem a membership code. The code typed so far survives a reload or a trip to
 * another page (sessionStorage: the route is "cached"), stays in the field on any error, and one
 * submission runs at a time.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import { vipRedeem } from '../../lib/api/endpoints/vip';
import { formatDate } from '../../lib/format';
import { $locale } from '../../lib/i18n';
import { pageHref } from '../../lib/nav';
import { $session } from '../../lib/session';
import { $selfInfo } from '../../lib/stores/self-info';
import { normalizeCode } from '../../lib/vip/redeem-code';
import { syncMembership } from '../../lib/vip/membership';
import { useHydrated } from '../ui/hydrated';
import { useText } from '../ui/text';
import '../ui/controls.css';
import { vipText } from './text';
import './vip.css';

const DRAFT_KEY = 'redeem-code-draft';

interface Redeemed {
  days: number;
  tier: string;
  expiresAt: number;
}

function saveDraft(value: string): void {
  try {
    if (value) sessionStorage.setItem(DRAFT_KEY, value);
    else sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage refused (private mode, full): the field still holds the code.
  }
}

export default function ExchangeMembers() {
  const t = useText(vipText);
  const locale = useStore($locale);
  const session = useStore($session);
  const signedIn = useHydrated() && session === 'signed-in';
  const timeZone = useStore($selfInfo).dev_timezone;
  const input = useRef<HTMLInputElement>(null);
  const sending = useRef(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [redeemed, setRedeemed] = useState<Redeemed | null>(null);

  // What was typed before the page ran (a slow network) wins, and is kept; else the saved draft.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed) {
      setCode(typed);
      saveDraft(typed);
      return;
    }
    try {
      setCode(sessionStorage.getItem(DRAFT_KEY) ?? '');
    } catch {
      // No storage: nothing saved.
    }
  }, []);

  const onInput = (value: string) => {
    setCode(value);
    setError(null);
    saveDraft(value);
  };

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    // The second tap of a double tap can land after a fast success has emptied the field (Preact
    // re-renders in a microtask, before the next tap): it has nothing to send and no error to show.
    if (sending.current || (redeemed && !code.trim())) return;
    const checked = normalizeCode(code);
    if (!checked.ok) {
      setError(checked.error);
      input.current?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    setError(null);
    setRedeemed(null);
    try {
      const { membership, days } = await request(vipRedeem, { code: checked.code });
      syncMembership(membership);
      setRedeemed({ days, tier: membership.tier.toUpperCase(), expiresAt: membership.expiresAt ?? 0 });
      setCode('');
      saveDraft('');
    } catch (failure) {
      setError(messageKey(failure));
      input.current?.focus();
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <div class="vip">
      <form class="vip-redeem" onSubmit={onSubmit} noValidate>
        <label for="redeem-code" class="vip-label">
          {t('vip.codeLabel')}
        </label>
        <input
          ref={input}
          id="redeem-code"
          class="field vip-input"
          name="code"
          value={code}
          maxLength={64}
          autocomplete="off"
          autocapitalize="characters"
          spellcheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'redeem-error' : 'redeem-hint'}
          onInput={(event) => onInput(event.currentTarget.value)}
        />
        {error ? (
          <p id="redeem-error" class="vip-field-error" role="alert">
            {t(error)}
          </p>
        ) : (
          <p id="redeem-hint" class="vip-hint">
            {t('vip.codeHint')}
          </p>
        )}
        <button type="submit" class="button vip-buy" disabled={busy || !signedIn}>
          {busy ? t('vip.redeeming') : t('vip.redeem')}
        </button>
      </form>
      {redeemed && (
        <div class="vip-banner" role="status">
          <p>
            {t('vip.redeemed', {
              days: redeemed.days,
              tier: redeemed.tier,
              date: formatDate(redeemed.expiresAt, locale, { timeZone: timeZone || undefined, style: 'long' }),
            })}
          </p>
          <a href={pageHref('vip-management')}>{t('vip.manage')}</a>
        </div>
      )}
    </div>
  );
}
