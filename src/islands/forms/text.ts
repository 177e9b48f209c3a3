/** The shared form messages (labels, rules, buttons) for islands with forms: declared here, embedded by the page. */
import { area } from '../ui/text';

export const formText = { form: area('form') };
