/**
 * The 60-second preview of a VIP song for non-members (spec §6, §9): one preview at a time; a new
 * song starts a new one, and the end of a preview calls back once.
 */
import { TRIAL_SECONDS } from '../../shared/limits';

let stop: (() => void) | undefined;

/**
 * Starts the preview timer, replacing one that was running.
 * @returns a function that stops it (the song changed, the user left)
 * @example const stopTrial = startTrial(() => askToJoin())
 */
export function startTrial(onEnd: () => void, seconds = TRIAL_SECONDS): () => void {
  stop?.();
  const timer = setTimeout(() => {
    stop = undefined;
    onEnd();
  }, seconds * 1000);
  const cancel = () => {
    clearTimeout(timer);
    if (stop === cancel) stop = undefined;
  };
  stop = cancel;
  return cancel;
}

/** Stops the running preview, if any (a member's song, or a free one, is playing now). */
export const stopTrial = () => stop?.();
