/** Where the VIP pages send the user inside the app. */
import { command } from '../bridge';

/** The app's rewards centre (spec §7 `goWelfareCenterPage`). @example button.onclick = openWelfareCenter */
export const openWelfareCenter = (): void => void command('goWelfareCenterPage');
