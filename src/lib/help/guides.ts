/**
 * The help pages beyond the questions (/automatic-lyrics), by the help category they belong to: the
 * help centre lists them in their category, a question of that category links them under its answer,
 * and a search that finds a question of the category offers them too.
 */
import type { MessageKey } from '../../shared/message-key';

export interface Guide {
  route: 'automatic-lyrics';
  label: MessageKey;
}

const GUIDES: Readonly<Record<string, readonly Guide[]>> = {
  lyrics: [{ route: 'automatic-lyrics', label: 'help.autoLyricsGuide' }],
};

/**
 * The guides of the categories given, each once, in the order the categories come.
 * @example guidesFor(['lyrics', 'playback']) // [{ route: 'automatic-lyrics', label: 'help.autoLyricsGuide' }]
 */
export function guidesFor(categories: readonly string[]): Guide[] {
  const found: Guide[] = [];
  for (const category of categories) for (const guide of GUIDES[category] ?? []) if (!found.includes(guide)) found.push(guide);
  return found;
}
