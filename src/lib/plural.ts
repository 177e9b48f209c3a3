/**
 * Counted messages: a message may hold a plural block in ICU's form,
 * `{days, plural, one {# day} other {# days}}`, resolved here with `Intl.PluralRules` in the page's
 * locale (Chromium 63+), `#` written as the locale writes the number. Apart from the message lookup
 * (../i18n.ts), which every page loads: only the islands that count things pay for this.
 * tests/unit/messages.test.ts checks every block against each locale's plural categories.
 */

/** A plural block; each branch may hold `{name}` placeholders (filled before, by the lookup). */
export const PLURAL_BLOCK = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{(?:[^{}]|\{\w+\})*\})+)\s*\}/g;
const BRANCH = /(=\d+|zero|one|two|few|many|other)\s*\{((?:[^{}]|\{\w+\})*)\}/g;

/**
 * The branches of a block's body, by selector.
 * @example branches(' one {# day} other {# days}') // { one: '# day', other: '# days' }
 */
export function branches(body: string): Record<string, string> {
  const found: Record<string, string> = {};
  // exec, not matchAll: Chromium 73+.
  for (let match = BRANCH.exec(body); match; match = BRANCH.exec(body)) found[match[1]!] = match[2]!;
  BRANCH.lastIndex = 0;
  return found;
}

/**
 * Resolves the plural blocks of `message` with the counts in `params`; the rest is left as it is.
 * @example counted('{days, plural, one {# day} other {# days}} added', 'en-US', { days: 1 }) // '1 day added'
 */
export function counted(message: string, locale: string, params: Record<string, string | number>): string {
  const rules = new Intl.PluralRules(locale);
  const number = new Intl.NumberFormat(locale);
  return message.replace(PLURAL_BLOCK, (whole, name: string, body: string) => {
    const count = Number(params[name]);
    const forms = branches(body);
    const form = forms[`=${count}`] ?? forms[rules.select(count)] ?? forms.other;
    return form === undefined || !Number.isFinite(count) ? whole : form.replace(/#/g, number.format(count));
  });
}
