/**
 * /k-recharge: renders the coins model (src/lib/coins/recharge.ts): the balance, packages and a
 * custom amount within the backend's limits, the recharge and what became of it. The packages are
 * public: signed out and outside the app they show too; outside it the balance says where to see it,
 * and paying waits for the app (the gate's prompt says how).
 */
import type { MessageKey } from '../../i18n';
import { useStore } from '../ui/use-store';
import { useEffect, useState } from 'preact/hooks';
import {
  $balance,
  $choice,
  $offer,
  $recharge,
  customAmount,
  loadOffer,
  openRecharge,
  pick,
  recharge,
  recheckRecharge,
  typeCustom,
} from '../../lib/coins/recharge';
import { formatPrice } from '../../shared/format';
import { dataOf } from '../../lib/model/loadable';
import { pageHref } from '../../lib/nav';
import type { PayMethod } from '../../lib/pay/methods';
import type { MessageParams } from '../../lib/i18n';
import { usePage } from '../ui/page';
import '../ui/controls.css';
import '../ui/placeholder.css';
import { Packages } from './parts/Packages';
import './coins.css';

export default function KRecharge() {
  const { t, locale, session, signedIn } = usePage();
  const balance = useStore($balance);
  const offerState = useStore($offer);
  const purchase = useStore($recharge);
  const offer = dataOf(offerState);
  const { picked, custom } = useStore($choice);
  const [method, setMethod] = useState('');

  // The packages are public: they load whoever asks.
  useEffect(() => (session === 'signed-in' ? openRecharge() : session === 'checking' ? undefined : void loadOffer()), [session]);
  // The host's methods are read once signed in, by code that loads then (the first-load budget); Pay
  // waits for a method. A chunk that fails loads again under a fresh URL, then the page says it did not
  // finish loading (src/lib/model/import-again.ts).
  const [pay, setPay] = useState<{ methods: PayMethod[]; selectable: boolean } | null>(null);
  const { methods, selectable } = pay ?? { methods: [], selectable: false };
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    const read = () => import('../../lib/pay/coin-methods').then(({ coinMethods }) => live && setPay(coinMethods()));
    read().catch(read);
    return () => {
      live = false;
    };
  }, [signedIn]);
  useEffect(() => setMethod((current) => current || String(methods[0]?.id ?? '')), [methods]);

  // The second package is the usual pick, so it starts chosen.
  const packageId = picked === 'custom' ? null : (picked ?? (offer?.packages[1] ?? offer?.packages[0])?.id ?? null);
  const chosen = offer?.packages.find((p) => p.id === packageId) ?? null;
  const amount = offer && picked === 'custom' ? customAmount(custom, offer.custom) : null;
  const customError = amount && 'error' in amount ? t(amount.error, amount.params) : null;
  const price = chosen
    ? formatPrice(chosen.price, chosen.currency, locale)
    : offer && amount && 'coins' in amount
      ? formatPrice(amount.coins * offer.custom.centsPerCoin, offer.custom.currency, locale)
      : null;
  const busy = purchase.state === 'paying' || purchase.state === 'checking';
  const pending = purchase.state === 'pending' || purchase.state === 'checking';
  // The server's balance, not the host's first figure; outside the app there is none to wait for.
  const useful = offer && (signedIn ? balance?.source == 'server' : session == 'no-app');
  const onPay = () => {
    if (chosen) void recharge({ packageId: chosen.id }, method);
    else if (amount && 'coins' in amount) void recharge({ coins: amount.coins }, method);
  };

  const notice: { key: MessageKey; params?: MessageParams } | null =
    offerState.state === 'failed'
      ? { key: offerState.error }
      : purchase.state === 'paid'
        ? { key: 'coins.credited', params: { coins: purchase.status.order.coins + purchase.status.order.bonus, balance: purchase.status.balance } }
        : pending
          ? { key: 'coins.pending' }
          : purchase.state === 'failed'
            ? { key: 'error.payFailed' }
            : purchase.state === 'refused'
              ? { key: purchase.error }
              : null;

  return (
    <div className="coins" data-useful={useful ? '' : undefined}>
      <section className="coins-card hero" aria-live="polite">
        <p className="coins-label">{t('coins.balance')}</p>
        {signedIn && balance ? (
          <p className="coins-balance">{balance.coins.toLocaleString(locale)}</p>
        ) : (
          <>
            {/* Outside the app, or signed out in it (<html data-session>, set before paint), coins.css shows where to see it instead. */}
            <p className="coins-balance skeleton" aria-hidden="true" />
            <p className="coins-where">{t('coins.balanceInApp')}</p>
            <p className="coins-where coins-signin">{t('coins.balanceSignIn')}</p>
          </>
        )}
        <p className="coins-sub">{balance && balance.pending > 0 ? t('coins.pendingCoins', { coins: balance.pending }) : ' '}</p>
        <a className="coins-records" href={signedIn ? pageHref('k-transactions') : undefined}>
          {t('coins.records')}
        </a>
      </section>

      <h2 className="coins-heading">{t('coins.packages')}</h2>
      {offerState.state !== 'failed' && <Packages packages={offer?.packages ?? null} chosen={chosen?.id ?? null} onChoose={pick} t={t} />}

      <div className={`coins-custom${picked === 'custom' ? ' is-chosen' : ''}`}>
        <label htmlFor="coins-custom">{t('coins.custom')}</label>
        <input
          id="coins-custom"
          className="field"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          // Typing waits for the page to run: before that nothing would check or keep it.
          disabled={!signedIn}
          value={custom}
          placeholder={offer ? t('coins.customRangeShort', { min: offer.custom.min, max: offer.custom.max }) : ''}
          aria-invalid={customError ? true : undefined}
          aria-describedby={customError ? 'coins-custom-error' : undefined}
          onFocus={() => pick('custom')}
          onInput={(event) => typeCustom(event.currentTarget.value)}
          data-track="coins.custom"
        />
        {customError && (
          <p id="coins-custom-error" className="coins-error" role="alert">
            {customError}
          </p>
        )}
      </div>

      {selectable && methods.length > 1 ? (
        <fieldset className="coins-methods" disabled={busy}>
          <legend>{t('coins.method')}</legend>
          {methods.map((m) => (
            <label key={String(m.id)} className="coins-method">
              <input type="radio" name="method" value={String(m.id)} checked={String(m.id) === method} onChange={() => setMethod(String(m.id))} />
              <span>{m.name}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        // Until the host's methods are read (signed in, their code loaded): room for the usual two, in
        // the app only (coins.css), so the Pay button does not move when they come.
        !pay && (
          <div className="coins-methods coins-methods-later" aria-hidden="true">
            <p className="coins-methods-title">{t('coins.method')}</p>
            <div className="coins-method skeleton" />
            <div className="coins-method skeleton" />
          </div>
        )
      )}

      {notice && (
        <>
          <p className={`coins-notice${notice.key.startsWith('error.') || notice.key.startsWith('shell.') ? ' is-error' : ''}`} role="status">
            {t(notice.key, notice.params)}{' '}
            {pending && (
              <button type="button" className="link" disabled={busy} onClick={recheckRecharge}>
                {t('coins.checkAgain')}
              </button>
            )}
            {offerState.state === 'failed' && (
              <button type="button" className="link" onClick={loadOffer}>
                {t('coins.retry')}
              </button>
            )}
          </p>
          {/* The provider's own words, as /payError shows them: untrusted text, never markup. */}
          {purchase.state === 'failed' && purchase.message && <p className="coins-reason">{t('coins.providerSaid', { reason: purchase.message })}</p>}
        </>
      )}
      <button
        type="button"
        className="button coins-pay"
        disabled={!signedIn || busy || !price || !method}
        onClick={onPay}
        data-track="coins.pay"
        data-track-props={JSON.stringify({ package: chosen?.id ?? 'custom' })}
      >
        {busy ? t('coins.confirming') : price ? t('coins.pay', { price }) : t('coins.choose')}
      </button>

      <p className="coins-fine">{t('notice.funds')}</p>
      <p className="coins-fine">
        {t('coins.agreement')} <a href={signedIn ? pageHref('license.html') : undefined}>{t('coins.agreementLink')}</a>
      </p>
    </div>
  );
}
