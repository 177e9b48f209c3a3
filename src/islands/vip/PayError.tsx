/** /payError: the payment did not go through; try again with the same plan, or get help. */
import { pageHref, queryParam } from '../../lib/nav';
import { useText } from '../ui/text';
import { vipText } from './text';
import './vip.css';

export default function PayError() {
  const t = useText(vipText);
  const plan = queryParam('plan', /^[\w-]{1,40}$/);
  return (
    <div class="vip hero">
      <p class="vip-failure" role="alert">{t('error.payFailed')}. {t('vip.failedReason')}</p>
      {/* A charge the provider took may still be on its way. */}
      <p class="vip-notice">{t('notice.funds')}</p>
      {plan && <a class="button vip-buy" href={pageHref('channel', { plan })}>{t('vip.retry')}</a>}
      <p><a class="vip-more" href={pageHref('vip-center')}>{t('vip.backToVip')}</a></p>
      <p><a class="vip-more" href={pageHref('help-feedback')}>{t('vip.support')}</a></p>
    </div>
  );
}
