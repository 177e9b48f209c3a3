/**
 * /k-recharge: the coin balance (the host's figure at once, the backend's when it answers), packages
 * and a custom amount within the backend's limits, paid through the same flow as membership
 * (src/lib/pay/flow.ts). The new balance is the server's, after it has confirmed the order.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import type { DataOf } from '../../lib/api/endpoint';
import { coinBalance, coinPackages } from '../../lib/api/endpoints/coins';
import { onHost, query } from '../../lib/bridge';
import { reconcileBalance } from '../../lib/coins/balance';
import type { Outcome } from '../../lib/coins/checkout';
import type { Recharge } from '../../lib/coins/pay-deps';
import { PAY_REFUSALS } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { $locale } from '../../lib/i18n';
import { pageHref } from '../../lib/nav';
import { payMethods } from '../../lib/pay/methods';
import { $session } from '../../lib/session';
import { $selfInfo } from '../../lib/stores/self-info';
import { showToast } from '../../lib/stores/ui';
import { useHydrated } from '../ui/hydrated';
import { useText } from '../ui/text';
import '../ui/controls.css';
import '../ui/placeholder.css';
import { coinsText } from './text';
import './coins.css';

type Offer = DataOf<typeof coinPackages>;
type Choice = { packageId: string } | { custom: true };

const PLACEHOLDERS = [0, 1, 2, 3, 4, 5];

export default function KRecharge() {
  const t = useText(coinsText);
  const locale = useStore($locale);
  const session = useStore($session);
  const signedIn = useHydrated() && session === 'signed-in';
  const region = useStore($selfInfo).dev_region;
  const [hostCoins, setHostCoins] = useState<number | null>(null);
  const [server, setServer] = useState<{ balance: number; pending: number } | null>(null);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [offerFailed, setOfferFailed] = useState(false);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [custom, setCustom] = useState('');
  const [method, setMethod] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ key: string; params?: Record<string, string | number> } | null>(null);
  const [pendingOrder, setPendingOrder] = useState<string | null>(null);
  const balance = reconcileBalance(hostCoins, server);

  const refresh = () => {
    setHostCoins(query('getKCoins').balance);
    request(coinBalance, {})
      .then(setServer)
      .catch(() => undefined);
  };
  const loadOffer = () => {
    setOfferFailed(false);
    request(coinPackages, { region })
      .then((answer) => {
        setOffer(answer);
        setNotice(null);
        setChoice((current) => current ?? (answer.packages[1] ?? answer.packages[0] ? { packageId: (answer.packages[1] ?? answer.packages[0])!.id } : null));
      })
      .catch((error) => {
        // The skeleton would say "still loading" forever: the list gives way to the error and a retry.
        setOfferFailed(true);
        setNotice({ key: messageKey(error) });
      });
  };
  useEffect(() => {
    if (session !== 'signed-in') return;
    refresh();
    loadOffer();
    return onHost('onResume', refresh);
  }, [session]);

  const { methods, selectable } = useMemo(() => (signedIn ? payMethods('coins') : { methods: [], selectable: false }), [signedIn]);
  useEffect(() => setMethod((current) => current || String(methods[0]?.id ?? '')), [methods]);

  const customCoins = /^\d{1,9}$/.test(custom) ? Number(custom) : NaN;
  const customError =
    offer && choice && 'custom' in choice && custom !== '' && !(customCoins >= offer.custom.min && customCoins <= offer.custom.max)
      ? t('coins.customRange', { min: offer.custom.min, max: offer.custom.max })
      : null;
  const chosen = offer && choice && 'packageId' in choice ? offer.packages.find((p) => p.id === choice.packageId) : null;
  const price = chosen
    ? formatPrice(chosen.price, chosen.currency, locale)
    : offer && !customError && customCoins > 0
      ? formatPrice(customCoins * offer.custom.centsPerCoin, offer.custom.currency, locale)
      : null;

  const what = (): Recharge => ({
    ...(chosen ? { packageId: chosen.id } : { coins: customCoins }),
    payType: method,
    region,
    paymentAvailable: offer?.paymentAvailable ?? false,
  });
  // What the purchase is for, as its attempt's name: a retry or a reload of the same choice is the same purchase.
  const buying = () => `coins:${chosen ? chosen.id : `custom:${customCoins}`}`;
  const finish = (outcome: Outcome) => {
    if (outcome.kind === 'paid') {
      setServer((current) => ({ balance: outcome.status.balance, pending: current?.pending ?? 0 }));
      refresh();
      const { coins, bonus } = outcome.status.order;
      setNotice({ key: 'coins.credited', params: { coins: coins + bonus, balance: outcome.status.balance } });
    } else if (outcome.kind === 'pending') {
      setPendingOrder(outcome.orderId);
      setNotice({ key: 'coins.pending' });
    } else if (outcome.kind === 'failed') {
      setNotice({ key: 'error.payFailed' });
    } else if (outcome.kind === 'refused') {
      setNotice({ key: PAY_REFUSALS[outcome.code] });
    }
  };
  const onPay = async () => {
    if (customError || !price) return;
    setBusy(true);
    setNotice(null);
    try {
      const [{ recharge }, { attemptFor, endAttempt }] = await Promise.all([import('../../lib/coins/checkout'), import('../../lib/pay/attempt')]);
      const bought = buying();
      const outcome = await recharge(attemptFor(bought), what());
      finish(outcome);
      // Any ending but a refusal closes this attempt: the next tap is a new purchase.
      if (outcome.kind !== 'refused') endAttempt(bought);
    } catch (error) {
      // The order could not be created, or the flow could not load: nothing was charged; same attempt.
      showToast(messageKey(error));
    } finally {
      setBusy(false);
    }
  };
  const recheck = async () => {
    if (!pendingOrder) return;
    setBusy(true);
    const { recheck: again } = await import('../../lib/coins/checkout');
    const outcome = await again(pendingOrder, what());
    if (outcome.kind !== 'pending') setPendingOrder(null);
    finish(outcome);
    if (outcome.kind !== 'pending') (await import('../../lib/pay/attempt')).endAttempt(buying());
    setBusy(false);
  };

  return (
    <div class="coins">
      <section class="coins-card hero" aria-live="polite">
        <p class="coins-label">{t('coins.balance')}</p>
        {signedIn && balance ? (
          <p class="coins-balance">{balance.coins.toLocaleString(locale)}</p>
        ) : (
          <p class="coins-balance skeleton" aria-hidden="true" />
        )}
        <p class="coins-sub">
          {balance && balance.pending > 0 ? t('coins.pendingCoins', { coins: balance.pending }) : ' '}
        </p>
        <a class="coins-records" href={signedIn ? pageHref('k-transactions') : undefined}>
          {t('coins.records')}
        </a>
      </section>

      <h2 class="coins-heading">{t('coins.packages')}</h2>
      {!offerFailed && (
        <ul class="coins-packages" aria-busy={!offer}>
          {offer
            ? offer.packages.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    class="coins-package"
                    aria-pressed={chosen?.id === p.id}
                    onClick={() => setChoice({ packageId: p.id })}
                    data-track="coins.package"
                    data-track-on="exposure click"
                    data-track-props={JSON.stringify({ package: p.id })}
                  >
                    <span class="coins-amount">{t('coins.coins', { coins: p.coins })}</span>
                    {p.bonus > 0 && <span class="coins-bonus">{t('coins.bonus', { coins: p.bonus })}</span>}
                    <span class="coins-price">{formatPrice(p.price, p.currency, locale)}</span>
                  </button>
                </li>
              ))
            : PLACEHOLDERS.map((key) => <li key={key} class="coins-package skeleton" aria-hidden="true" />)}
        </ul>
      )}

      <div class={`coins-custom${choice && 'custom' in choice ? ' is-chosen' : ''}`}>
        <label for="coins-custom">{t('coins.custom')}</label>
        <input
          id="coins-custom"
          class="field"
          inputMode="numeric"
          pattern="[0-9]*"
          autocomplete="off"
          // Typing waits for the page to run: before that nothing would check or keep it.
          disabled={!signedIn}
          value={custom}
          placeholder={offer ? t('coins.customRangeShort', { min: offer.custom.min, max: offer.custom.max }) : ''}
          aria-invalid={customError ? true : undefined}
          aria-describedby={customError ? 'coins-custom-error' : undefined}
          onFocus={() => setChoice({ custom: true })}
          onInput={(event) => setCustom(event.currentTarget.value.replace(/\D/g, '').slice(0, 9))}
          data-track="coins.custom"
        />
        {customError && (
          <p id="coins-custom-error" class="coins-error" role="alert">
            {customError}
          </p>
        )}
      </div>

      {selectable && methods.length > 1 && (
        <fieldset class="coins-methods" disabled={busy}>
          <legend>{t('coins.method')}</legend>
          {methods.map((m) => (
            <label key={String(m.id)} class="coins-method">
              <input type="radio" name="method" value={String(m.id)} checked={String(m.id) === method} onChange={() => setMethod(String(m.id))} />
              <span>{m.name}</span>
            </label>
          ))}
        </fieldset>
      )}

      {notice && (
        <p class={`coins-notice${notice.key.startsWith('error.') || notice.key.startsWith('shell.') ? ' is-error' : ''}`} role="status">
          {t(notice.key, notice.params)}{' '}
          {pendingOrder && (
            <button type="button" class="link" disabled={busy} onClick={recheck}>
              {t('coins.checkAgain')}
            </button>
          )}
          {offerFailed && !pendingOrder && (
            <button type="button" class="link" onClick={loadOffer}>
              {t('coins.retry')}
            </button>
          )}
        </p>
      )}
      <button
        type="button"
        class="button coins-pay"
        disabled={!signedIn || busy || !price || !method}
        onClick={onPay}
        data-track="coins.pay"
        data-track-props={JSON.stringify({ package: chosen?.id ?? 'custom' })}
      >
        {busy ? t('coins.confirming') : price ? t('coins.pay', { price }) : t('coins.choose')}
      </button>

      <p class="coins-fine">{t('notice.funds')}</p>
      <p class="coins-fine">
        {t('coins.agreement')} <a href={signedIn ? pageHref('license.html') : undefined}>{t('coins.agreementLink')}</a>
      </p>
    </div>
  );
}
