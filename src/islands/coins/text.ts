/** The coins area's messages for islands: declared here, the text embedded by the page (src/lib/i18n.ts). */
import { area } from '../ui/text';

export const coinsText = { coins: area('coins') };
