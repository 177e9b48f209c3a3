/**
 * What the shell script decides for one route and query (spec §2 "Shell rules"): the theme, the status
 * bar, the back bar, the title. Apart from shell-rules.ts because only the inline shell script runs
 * it: the islands' code never carries its title cleaning (src/lib/char-class.ts, for old engines).
 */
import { CC, CF, charClass } from './char-class';
import { statusHeight, themeOf, type PageTheme, type Query } from '../shared/shell-rules';

export interface ShellFlags {
  backBar: boolean;
  titleFromQuery: boolean;
}

export interface ShellState extends PageTheme {
  statusHeight: number;
  showBackBar: boolean;
  /** Text to show as the title instead of the translated one: the `title` query, as text. */
  titleText: string | null;
  /** `data1` present: the title reads "my feedback" (translated by the page). */
  myFeedbackTitle: boolean;
}

/**
 * Everything the shell decides for one route and query.
 * The top padding follows in CSS (base.css) from the route's padding flag, the status bar height and
 * whether the bar shows.
 * @example shellState({ backBar: true, titleFromQuery: false }, new URLSearchParams('status_height=24')).showBackBar // true
 */
export function shellState(route: ShellFlags, query: Query): ShellState {
  const height = statusHeight(query.get('status_height'));
  const showBackBar = route.backBar && query.has('status_height');
  const title = route.titleFromQuery ? cleanTitle(query.get('title')) : null;
  // Named fields, not a spread: the inline shell script is compiled to ES5, where a spread needs a helper.
  const { theme, background } = themeOf(query.get('dark'), query.get('bgColor'));
  return {
    theme,
    background,
    statusHeight: height,
    showBackBar,
    titleText: title,
    myFeedbackTitle: !title && query.has('data1'),
  };
}

/** Control and format characters (bidi overrides, zero-width) would let a title reorder or hide text. */
function cleanTitle(raw: string | null): string | null {
  const text = (raw ?? '').replace(charClass([CC, CF], 'g'), '').trim();
  // The first 60 code points: a cut by UTF-16 units could split an emoji's pair and show '�'. Spelled
  // without the `u` flag: the shell script runs this on engines older than ES2015.
  return text ? /^(?:[\ud800-\udbff][\udc00-\udfff]|[\s\S]){0,60}/.exec(text)![0] : null;
}
