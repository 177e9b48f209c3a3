/** The message types islands pass around; the lookup itself comes from usePage() (./page). */
export type { MessageParams, Text } from '../../lib/i18n';
