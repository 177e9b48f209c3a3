/** The music area's messages for islands: declared here, embedded by the page. */
import { area } from '../ui/text';

export const musicText = { music: area('music') };
