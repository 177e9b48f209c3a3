/**
 * /search-keyword: questions found as the user types (a request once typing pauses), the matches
 * marked as text, recent searches kept on the phone with a clear button, "No content yet" when nothing
 * matches. No back bar on this route: Cancel goes back, or closes the page when it was opened alone.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import type { DataOf } from '../../lib/api/endpoint';
import { helpSearch } from '../../lib/api/endpoints/help';
import { command } from '../../lib/bridge';
import { debounce } from '../../lib/debounce';
import { highlight, remember } from '../../lib/help/highlight';
import { $locale } from '../../lib/i18n';
import { pageHref } from '../../lib/nav';
import { $session } from '../../lib/session';
import { useHydrated } from '../ui/hydrated';
import { useText } from '../ui/text';
import '../ui/controls.css';
import { helpText } from './text';
import './help.css';

type Result = DataOf<typeof helpSearch>['results'][number];

const RECENT_KEY = 'help-recent-searches';
const WAIT_MS = 300;

function readRecent(): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter((s): s is string => typeof s === 'string' && s.length <= 100).slice(0, 8) : [];
  } catch {
    return [];
  }
}

function saveRecent(recent: string[]): void {
  try {
    if (recent.length) localStorage.setItem(RECENT_KEY, JSON.stringify(recent));
    else localStorage.removeItem(RECENT_KEY);
  } catch {
    // Without storage the list lives as long as the page.
  }
}

export default function SearchKeyword() {
  const t = useText(helpText);
  const locale = useStore($locale);
  const hydrated = useHydrated();
  const ready = hydrated && useStore($session) === 'signed-in';
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<{ for: string; items: Result[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [recent, setRecent] = useState<string[]>([]);
  // Only the answer to the latest query is shown: an earlier, slower one must not replace it.
  const latest = useRef('');

  useEffect(() => {
    setRecent(readRecent());
    // What was typed before the page ran is searched at once.
    const typed = input.current?.value ?? '';
    if (typed) onInput(typed);
  }, []);

  const search = useMemo(
    () =>
      debounce((text: string) => {
        latest.current = text;
        request(helpSearch, { query: text, locale })
          .then(({ results: items }) => {
            if (latest.current !== text) return;
            setResults({ for: text, items });
            setFailure(null);
          })
          .catch((error) => latest.current === text && setFailure(messageKey(error)));
      }, WAIT_MS),
    [locale],
  );

  const onInput = (text: string) => {
    setQuery(text);
    if (text.trim()) search(text.trim().slice(0, 100));
    else {
      search.cancel();
      latest.current = '';
      setResults(null);
      setFailure(null);
    }
  };
  const keep = (text: string) => {
    const next = remember(recent, text);
    setRecent(next);
    saveRecent(next);
  };
  const cancel = () => {
    if (history.length > 1) history.back();
    else command('finishPage');
  };

  return (
    <div class="help search">
      <form
        class="search-bar"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          keep(query);
          search.flush();
          input.current?.blur();
        }}
      >
        <input
          ref={input}
          class="field search-field"
          type="search"
          enterKeyHint="search"
          aria-label={t('help.searchLabel')}
          placeholder={t('help.searchPlaceholder')}
          maxLength={100}
          value={query}
          disabled={!ready}
          onInput={(event) => onInput(event.currentTarget.value)}
        />
        <button type="button" class="link" onClick={cancel}>
          {t('shell.cancel')}
        </button>
      </form>

      {!query.trim() && recent.length > 0 && (
        <section aria-labelledby="recent-title">
          <div class="search-recent-head">
            <h2 id="recent-title" class="help-heading">
              {t('help.recent')}
            </h2>
            <button
              type="button"
              class="link"
              onClick={() => {
                setRecent([]);
                saveRecent([]);
              }}
            >
              {t('help.clearRecent')}
            </button>
          </div>
          <ul class="chips">
            {recent.map((r) => (
              <li key={r}>
                <button type="button" class="chip" onClick={() => onInput(r)}>
                  {r}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {failure && (
        <p class="help-failure" role="alert">
          {t(failure)}
        </p>
      )}
      {results && query.trim() && (
        <div aria-live="polite">
          {results.items.length === 0 ? (
            <p class="empty">{t('error.noContent')}</p>
          ) : (
            <ul class="help-list">
              {results.items.map((r) => (
                <li key={r.id}>
                  <a href={pageHref('q-and-a', { id: r.id, title: r.question })} onClick={() => keep(query)}>
                    <span>
                      {highlight(r.question, results.for).map((piece, i) => (piece.match ? <mark key={i}>{piece.text}</mark> : piece.text))}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
