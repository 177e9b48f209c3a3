/**
 * /payError: the payment failed, so nothing was charged: try again with the same plan, or another
 * payment method, or get help. The provider's own words for this order, when /channel kept them
 * (src/lib/vip/purchase-failure.ts), follow as plain text. No "funds arrive within minutes" here:
 * that is for a payment whose result is not known yet, which stays on /channel as pending.
 */
import { useEffect, useState } from 'preact/hooks';
import { pageHref, queryParam } from '../../lib/nav';

import './vip.css';
import { usePage } from '../ui/page';

export default function PayError() {
  // Drawn only in the browser: what it shows comes from the query, which the server cannot see. The
  // server's copy is empty, as a client:only island's would be; client:painted lets an old engine
  // load it from the legacy chunks (src/components/shell/painted.ts), which client:only cannot. A
  // component of its own, so that no hook is called after a return (the rules of hooks).
  return import.meta.env.SSR ? null : <Failed />;
}

function Failed() {
  const { t } = usePage();
  const plan = queryParam('plan', /^[\w-]{1,40}$/);
  // The reason's code loads with the page, not in its first bundle; the page draws once, with or
  // without it, so nothing moves when it arrives.
  const [reason, setReason] = useState<string | null>(null);
  useEffect(() => {
    void import('../../lib/vip/purchase-failure').then(
      ({ failureReason }) => setReason(failureReason()),
      () => setReason(''),
    );
  }, []);
  if (reason === null) return null;
  return (
    <div className="vip hero">
      {/* The title already says the payment failed; each sentence is its own line, so no locale's
          punctuation is joined to another's. */}
      <div className="vip-failure" role="alert">
        <p>{t('vip.failedReason')}</p>
        <p>{t('vip.failedNext')}</p>
      </div>
      {reason && <p className="vip-reason">{t('vip.providerSaid', { reason })}</p>}
      {plan && (
        <a className="button vip-buy" href={pageHref('channel', { plan })}>
          {t('vip.retry')}
        </a>
      )}
      <p>
        <a className="vip-more" href={pageHref('vip-center')}>
          {t('vip.backToVip')}
        </a>
      </p>
      <p>
        <a className="vip-more" href={pageHref('help-feedback')}>
          {t('vip.support')}
        </a>
      </p>
    </div>
  );
}
