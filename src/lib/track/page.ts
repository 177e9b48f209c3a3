/**
 * Tracking for a whole page, in the chunk the page's script (src/islands/ui/Tracking.tsx)
 * loads once the page is idle: starts the
 * tracker (what a previous page left in storage goes out), reports `data-track` interactions anywhere
 * on the page and the exposure of elements marked `data-track-on="exposure …"`.
 */
import { isInApp, query } from '../bridge';
import { getAppBaseInfo } from '../../shared/bridge/calls/app';
import { $selfInfo, setSelfInfo } from '../stores/self-info';
import { defaultCommon } from './common';
import { delegateTracking } from './dom';
import { watchExposure } from './exposure';
import { configureTracking, track } from './index';

/** Where batches go: the API's host (`PUBLIC_API_HOST`, unset → this origin), like every API call. */
export const TRACK_ENDPOINT = `${(import.meta.env.PUBLIC_API_HOST ?? '').replace(/\/+$/, '')}/api/track`;

/**
 * The common fields, read at send time. A page without the sign-in check (/channel) has not read the
 * host's base info yet: it is read here, once, so its events carry the user too.
 */
function common() {
  if (!$selfInfo.get().uid && isInApp()) setSelfInfo(query(getAppBaseInfo));
  return defaultCommon();
}

/**
 * Starts tracking the document. Returns the function that stops listening (the stored queue stays).
 * @example startPageTracking(document)
 */
export function startPageTracking(doc: Document = document): () => void {
  configureTracking({ endpoint: TRACK_ENDPOINT, common });
  const stops = [delegateTracking(doc, track), watchExposure(doc.body, track)];
  return () => stops.forEach((stop) => stop());
}
