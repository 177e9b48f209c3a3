/**
 * What a native reader of each locale would catch, checked over every message, every legal text
 * and the help seed (the FAQ): a word the locale's glossary avoids, spoken Cantonese in zh-HK's written UI,
 * and a quoted label that no page or app screen shows. The glossary's terms themselves (one word per
 * concept, in the texts and the messages alike) are checked by tests/unit/legal.test.ts; values equal to
 * English by tests/unit/messages.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/shared/locale';
import { messages } from '../fixtures/text';

interface Glossary {
  terms: Record<string, string>;
  avoid?: Record<string, string[]>;
  /** Labels of the Music app's own screens (the authorization dialog's Agree), which the help may quote. */
  appLabels?: string[];
}
const glossary = (locale: Locale): Glossary => JSON.parse(readFileSync(`src/i18n/glossary/${locale}.json`, 'utf8'));

type Localized = Partial<Record<Locale, string>>;
const seed = (file: string) => JSON.parse(readFileSync(`server/db/seed/${file}`, 'utf8'));
const QUESTIONS = ['faq.json', 'faq-svip.json'].flatMap((file) => seed(file).questions as { id: string; question: Localized; answer: Localized }[]);
const FEEDBACK_TYPES = seed('feedback-types.json') as { label: Localized }[];

/** Every text a user of the locale reads, named for the failure message. */
function texts(locale: Locale): [string, string][] {
  const legal = readdirSync(`src/content/legal/${locale}`).map((f): [string, string] => [
    `legal ${f}`,
    readFileSync(`src/content/legal/${locale}/${f}`, 'utf8'),
  ]);
  const faq = QUESTIONS.flatMap((q): [string, string][] => [
    [`faq ${q.id}.question`, q.question[locale] ?? ''],
    [`faq ${q.id}.answer`, q.answer[locale] ?? ''],
  ]);
  return [...messages(locale), ...legal, ...faq];
}

/**
 * Spoken Cantonese that formal written Chinese (書面語) replaces; each is unambiguous, so a hit is never a
 * written word: 喺 (在, at), 嘅 (的), 咗 (了), 唔 (不), 佢/佢哋 (他/他們), 哋 (們), 嘢 (東西), 冇 (沒有), 啲 (些), 嚟 (來),
 * 睇 (看), 搵 (找), 嗰 (那), 咩 and 乜 (甚麼), 點樣 and 點解 (如何, 為甚麼; 點 alone is in 點選 and 重點), 而家 (現在),
 * 邊個/邊度 (誰, 哪裡; 邊 alone is 旁邊), 咁 (這樣), 啱 (對), 攞 (拿), 囉 and 喎 (sentence particles). 係 (是) is left
 * out: it is also the written 關係; 俾/畀 (給) too, written as 俾 in some formal Hong Kong usage.
 */
const CANTONESE = /[喺嘅咗唔佢哋嘢冇啲嚟睇搵嗰咩乜咁啱攞囉喎]|點樣|點解|而家|邊個|邊度/u;

/** 「…」, “…”, "…" and «…» spans with no placeholder in them (「{plan}」 is a name the page fills in). */
const QUOTE = /「([^」{}]+)」|“([^”{}]+)”|"([^"{}]+)"|«([^»{}]+)»/gu;
/** A label and the sentence quoting it may differ in the full stop after it (“您所在的国家/地区暂不支持支付”). */
const bare = (s: string) => s.trim().replace(/[。.！!？?]$/u, '');

function misquotes(locale: Locale, quoting: [string, string][]): string[] {
  const labels = new Set(
    [...messages(locale).values(), ...FEEDBACK_TYPES.map((type) => type.label[locale] ?? ''), ...(glossary(locale).appLabels ?? [])].map(bare),
  );
  return quoting.flatMap(([where, text]) =>
    [...text.matchAll(QUOTE)]
      .map((m) => m.slice(1).find(Boolean)!)
      // A quoted JSON value ("true", "false", a number) is what a host sent or must send, not a label.
      .filter((quote) => !/^(?:true|false|null|-?\d+)$/.test(quote))
      .flatMap((quote) => (labels.has(bare(quote)) ? [] : [`${where}: «${quote}»`])),
  );
}

describe.each(LOCALES)('%s as a native reader sees it', (locale) => {
  it('never uses a word the glossary avoids, in a message, a legal text or the FAQ', () => {
    const { terms, avoid = {} } = glossary(locale);
    const problems = texts(locale).flatMap(([where, text]) =>
      Object.entries(avoid).flatMap(([id, words]) =>
        words.filter((word) => new RegExp(word, 'u').test(text)).map((word) => `${where} says "${word}" where the glossary says "${terms[id] ?? id}"`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('quotes in the FAQ and in messages only labels that a page or the app shows', () => {
    const quoting = [...messages(locale)].concat(texts(locale).filter(([where]) => where.startsWith('faq ')));
    expect(misquotes(locale, quoting)).toEqual([]);
  });

  if (locale === 'zh-HK') {
    it('is written Chinese, with no spoken Cantonese', () => {
      expect(
        texts(locale)
          .filter(([, text]) => CANTONESE.test(text))
          .map(([where, text]) => `${where}: ${CANTONESE.exec(text)![0]}`),
      ).toEqual([]);
    });
  }
});

it('the checks find what they are for: a colloquial word, a quote of no label', () => {
  expect(CANTONESE.test('請喺音樂 App 入面查看你的會員資料。')).toBe(true);
  expect(CANTONESE.test('歌詞點樣自動配對')).toBe(true);
  expect(CANTONESE.test('請點選「提交」，重點在旁邊的關係')).toBe(false);
  expect(misquotes('zh-TW', [['faq', '點選「提交」後點選「送出」。']])).toEqual(['faq: «提交»']);
  expect(misquotes('en-US', [['faq', 'Go to "Auto-renewal management", then "Auto-renewal settings".']])).toEqual(['faq: «Auto-renewal management»']);
});
