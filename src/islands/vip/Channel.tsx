/**
 * /channel: the order summary, the host's payment methods, what the purchase will do and the pay
 * button (./channel/checkout.tsx, loaded while the plans are fetched); paying runs the VIP purchase
 * model (src/lib/vip/purchase.ts), and where it ends leads on from here.
 */
import { useStore } from '../ui/use-store';
import { useEffect, useMemo } from 'preact/hooks';
import { dataOf } from '../../lib/model/loadable';
import { pageHref, queryParam } from '../../lib/nav';
import { payMethods } from '../../lib/pay/methods';
import { showToast } from '../../lib/stores/ui';
import { loadMembership } from '../../lib/vip/membership';
import { $plans, loadPlans } from '../../lib/vip/plans';
import { $vipPurchase, watchPlanPayment } from '../../lib/vip/purchase';
import { useLater } from '../ui/use-later';
import { Failure } from '../ui/parts/Failure';
import '../ui/controls.css';
import './vip.css';
import { usePage } from '../ui/page';

interface Props {
  renewalAgreement?: string;
}

export default function Channel(props: Props) {
  // Drawn only in the browser: what it shows comes from the query, which the server cannot see. The
  // server's copy is empty, as a client:only island's would be; client:painted lets an old engine
  // load it from the legacy chunks (src/components/shell/painted.ts), which client:only cannot. A
  // component of its own, so that no hook is called after a return (the rules of hooks).
  return import.meta.env.SSR ? null : <Order {...props} />;
}

function Order({ renewalAgreement = '' }: Props) {
  const { t, session } = usePage();
  const offer = useStore($plans);
  const purchase = useStore($vipPurchase);
  const planId = useMemo(() => queryParam('plan', /^[\w-]{1,40}$/), []);
  // Read here, not by the part: the host's methods are a query of the page's own first load (with /k-recharge's).
  const { methods, selectable } = useMemo(() => (planId ? payMethods(planId) : { methods: [], selectable: false }), [planId, session]);

  useEffect(watchPlanPayment, []);
  // The summary, the methods and what the purchase will do: their code loads while the plans are fetched.
  const form = useLater(() => import('./channel/checkout').then((m) => m.Checkout));
  useEffect(() => form.load(), []);
  // Its code only outside the app.
  const openInApp = useLater(() => import('../ui/prompts/OpenInApp').then((m) => m.OpenInApp));
  useEffect(() => {
    if (session === 'no-app') openInApp.load();
  }, [session]);
  useEffect(() => {
    if (session !== 'checking') void loadPlans();
    // What the purchase will do depends on the membership the server knows (./parts/Disclosure.tsx).
    if (session === 'signed-in') void loadMembership();
  }, [session]);
  useEffect(() => {
    if (offer.state === 'failed') showToast(offer.error);
  }, [offer]);
  // Where a finished purchase leads.
  useEffect(() => {
    if (purchase.state === 'paid') location.replace(pageHref('vip-center', { order: purchase.orderId }));
    if (purchase.state === 'failed') {
      const { orderId, message } = purchase;
      void import('../../lib/vip/purchase-failure').then(({ failurePage }) => (location.href = failurePage(planId ?? '', orderId, message)));
    }
    if (purchase.state === 'cancelled') history.length > 1 ? history.back() : location.replace(pageHref('vip-center'));
  }, [purchase.state]);

  // Outside the app nothing can be paid: the summary, and the prompt to open this page in the app.
  const prompt = session === 'no-app' && openInApp.Part ? <openInApp.Part /> : null;
  const plans = dataOf(offer);
  const plan = plans?.plans.find((p) => p.id === planId);
  if (!planId || (plans && !plan))
    return (
      <>
        <p className="vip-failure">{t('vip.planMissing')}</p>
        {prompt}
      </>
    );
  if (form.failed) return <Failure className="vip-failure hero" message={t('shell.chunkError')} retry={t('vip.retry')} onRetry={form.load} />;
  // The plans could not be read (and none kept): what went wrong, and the retry, not an empty page.
  if (!plans && offer.state === 'failed')
    return <Failure className="vip-failure hero" message={t(offer.error)} retry={t('vip.retry')} onRetry={() => void loadPlans(true)} />;
  const Checkout = form.Part;
  if (!plans || !plan || !Checkout) return prompt;
  return (
    <Checkout
      plan={plan}
      methods={methods}
      selectable={selectable}
      plans={plans.plans}
      paymentAvailable={plans.paymentAvailable}
      prompt={prompt}
      agreement={renewalAgreement}
    />
  );
}
