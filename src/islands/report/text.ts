/** The report area's messages for islands: declared here, embedded by the page. */
import { area } from '../ui/text';

export const reportText = { report: area('report') };
