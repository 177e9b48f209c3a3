/**
 * /vip-center back from a paid order (/channel sends `?order=`): asks the server what the payment did
 * and announces it once (src/lib/vip/center.ts takes the order out of the address). Loaded only when
 * the address names an order, so the page does not carry it otherwise.
 */
import { useStore } from '../../ui/use-store';
import { useEffect } from 'preact/hooks';
import { $activation, showOrder, takeOrder } from '../../../lib/vip/center';
import { Done } from '../parts/Done';

/** @param planName the name of a plan as the page writes it, for the auto-renewal the payment turned off */
export function Announce({ planName }: { planName: (id: string) => string }) {
  const banner = useStore($activation);
  useEffect(() => {
    const orderId = takeOrder();
    if (orderId) void showOrder(orderId);
  }, []);
  return (
    banner && (
      <div className="vip-banner" role="status">
        <Done grant={banner.grant} membership={banner.membership} replaced={banner.replaced && planName(banner.replaced)} />
      </div>
    )
  );
}
