/** The personal-data area's messages for islands: declared here, embedded by the page. */

// Kept here for the request form, which reads it from this module.
export { userTimeZone } from '../../lib/personal/time-zone';
