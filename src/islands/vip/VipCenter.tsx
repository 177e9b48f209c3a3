/**
 * /vip-center: the user's membership (not activated, active, just activated, just renewed) and the
 * plans from the backend, with their limited-time offers. Buying goes to /channel; signed out, the
 * plans and prices still show (the plan list is public) and buying asks to sign in first. Under the
 * buy button, the agreements (the shell adds its parameters to the link, so they open with their back bar).
 * The benefits and the notice are static HTML (src/components/vip/VipBenefits.astro).
 * Rendered on the server too: until the session and the plans are known it shows placeholders of the
 * same size, so the static part below never moves (no layout shift).
 */
import { useStore } from '../ui/use-store';
import { useEffect, useState } from 'preact/hooks';
import { dataOf } from '../../lib/model/loadable';
import { onShownAgain } from '../../lib/model/shown-again';
import { openWelfareCenter } from '../../lib/vip/links';
import { $isMember } from '../../lib/stores/membership';
import { loadMembership } from '../../lib/vip/membership';
import { $plans, loadPlans } from '../../lib/vip/plans';
import { useHydrated } from '../ui/hydrated';
import { useLater } from '../ui/use-later';
import { usePage } from '../ui/page';
import { MembershipCard } from './parts/MembershipCard';
import '../ui/controls.css';
import { Failure } from '../ui/parts/Failure';
import '../ui/placeholder.css';
import { planLabel } from './parts/plan-words';
import './vip.css';

// Day, month, quarter, year: the usual offer, so the placeholders take the plans' place.
const PLACEHOLDERS = [0, 1, 2, 3];

/** An agreement under the buy button: its title (the page's, from the layout) and its link. */
export interface Agreement {
  label: string;
  /** With the locale prefix; the shell adds its query on click (docs/shell.md). */
  href: string;
}

export default function VipCenter({ agreements = [], renewalAgreement = '' }: { agreements?: Agreement[]; renewalAgreement?: string }) {
  const { t, session, signedIn } = usePage();
  const hydrated = useHydrated();
  const member = useStore($isMember);
  const offer = useStore($plans);
  // The parts drawn from what the page learns after it runs: the plans' (loading while the plans are
  // fetched) and the user's (./center/plans-and-user.tsx).
  const part = useLater(() => import('./center/plans-and-user').then((m) => m.Plans));
  const user = useLater(() => import('./center/plans-and-user').then((m) => m.User));
  // Back from a paid order (/channel sends ?order=): what it did (./center/announce.tsx).
  const announce = useLater(() => import('./center/announce').then((m) => m.Announce));

  // Outside the app the plans load on the user's word: the API client and its seal would otherwise
  // cost every plain-browser visit 5 KB of script (over the 26 KB Lighthouse budget) for a page whose
  // one real action is opening the app.
  const [plansAsked, setPlansAsked] = useState(false);
  const askPlans = () => {
    setPlansAsked(true);
    part.load();
    void loadPlans();
  };

  useEffect(() => {
    if (session === 'checking' || session === 'no-app') return;
    // The plans are public: a signed-out user sees what membership costs before signing in.
    part.load();
    void loadPlans();
    if (session !== 'signed-in') return;
    user.load();
    if (/[?&]order=/.test(location.search)) announce.load();
    // The server's membership wins over the host's, here as on every page that shows it, and is
    // asked again whenever the app shows the page (a code redeemed elsewhere meanwhile).
    void loadMembership();
    return onShownAgain(() => void loadMembership());
  }, [session]);

  const plans = dataOf(offer)?.plans ?? null;
  const failure = offer.state === 'failed' ? offer.error : part.failed ? 'shell.chunkError' : null;
  const Part = part.Part;
  const User = user.Part;
  const Announce = announce.Part;
  const useful = hydrated && plans && Part;
  const planName = (id: string) => {
    const p = plans?.find((x) => x.id === id);
    return p ? planLabel(p, t) : id;
  };

  return (
    <div className="vip" data-useful={useful ? '' : undefined}>
      <MembershipCard
        signedIn={signedIn}
        signedOut={hydrated && session === 'signed-out'}
        user={
          signedIn && User ? (
            <User />
          ) : (
            <p className="vip-user">
              {/* Signed out: an empty avatar, not a placeholder waiting for ever. */}
              <span className={hydrated && (session === 'signed-out' || session === 'no-app') ? 'vip-avatar' : 'vip-avatar skeleton'} aria-hidden="true" />
            </p>
          )
        }
      />

      {Announce && <Announce planName={planName} />}

      <h2 className="vip-heading">{t('vip.plans')}</h2>
      {failure && (
        <Failure
          className="vip-failure"
          message={t(failure)}
          retry={t('vip.retry')}
          onRetry={() => {
            part.load();
            void loadPlans(true);
          }}
        />
      )}
      {hydrated && plans && Part ? (
        <Part plans={plans} member={member} signedOut={session === 'signed-out'} outside={session === 'no-app'} agreement={renewalAgreement} />
      ) : (
        // Placeholders of the plans' size: the tier tab, the row of plans, the offer line, the button.
        // Outside the app (<html data-session="no-app">, set before paint) vip.css shows instead the
        // button that loads them, from the first paint on, so nothing moves when the page hydrates.
        <div className={`vip-plans-wait${plansAsked ? ' is-asked' : ''}`}>
          {!plansAsked && (
            <p className="vip-plans-outside">
              <button type="button" className="link" disabled={!hydrated} onClick={askPlans}>
                {t('vip.seePlans')}
              </button>
            </p>
          )}
          <div className="vip-tiers" role="tablist" aria-busy="true">
            <span className="vip-tier skeleton" aria-hidden="true" />
          </div>
          {!failure && (
            <ul className="vip-plans" aria-busy="true">
              {PLACEHOLDERS.map((key) => (
                <li key={key} className="vip-plan skeleton" aria-hidden="true" />
              ))}
            </ul>
          )}
          <p className="vip-offer" />
          <div className="vip-terms skeleton" aria-hidden="true" />
          <span className="button vip-buy skeleton" aria-hidden="true" />
        </div>
      )}
      {agreements.length > 0 && (
        <p className="vip-agreements">
          {t('vip.agreements')}{' '}
          {agreements.map((a, i) => (
            <>
              {i > 0 && ' · '}
              {/* The shell adds its parameters (status_height…) on click: the agreement opens with its back bar. */}
              <a href={a.href}>{a.label}</a>
            </>
          ))}
        </p>
      )}
      {/* The rewards centre is the app's: outside it the button could do nothing. */}
      {session !== 'no-app' && (
        <button type="button" className="link vip-rewards" onClick={openWelfareCenter}>
          {t('vip.rewards')}
        </button>
      )}
    </div>
  );
}
