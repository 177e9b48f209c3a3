/**
 * /search-keyword: questions found as the user types (src/lib/help/search.ts), the matches marked as
 * text, recent searches kept on the phone with a clear button, "No content yet" when nothing matches.
 * No back bar on this route: Cancel goes back, or closes the page when it was opened alone.
 */
import { useStore } from '../ui/use-store';
import { useEffect, useRef } from 'preact/hooks';
import { guidesFor } from '../../lib/help/guides';
import { highlight } from '../../lib/help/highlight';
import { $recent, $search, changeQuery, clearRecent, keep, leaveSearch, startSearch, submit } from '../../lib/help/search';
import { pageHref } from '../../lib/nav';
import '../ui/controls.css';
import './help.css';
import { usePage } from '../ui/page';

export default function SearchKeyword() {
  const { t, signedIn: ready } = usePage();
  const input = useRef<HTMLInputElement>(null);
  const { query, results, failure } = useStore($search);
  const recent = useStore($recent);

  // What was typed before the page ran is searched at once.
  useEffect(() => startSearch(input.current?.value ?? ''), []);

  return (
    <div className="help search">
      <form
        className="search-bar"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
          input.current?.blur();
        }}
      >
        <input
          ref={input}
          className="field search-field"
          type="search"
          enterKeyHint="search"
          aria-label={t('help.searchLabel')}
          placeholder={t('help.searchPlaceholder')}
          maxLength={100}
          value={query}
          disabled={!ready}
          onInput={(event) => changeQuery(event.currentTarget.value)}
        />
        <button type="button" className="link" onClick={leaveSearch}>
          {t('shell.cancel')}
        </button>
      </form>

      {!query.trim() && recent.length > 0 && (
        <section aria-labelledby="recent-title">
          <div className="search-recent-head">
            <h2 id="recent-title" className="help-heading">
              {t('help.recent')}
            </h2>
            <button type="button" className="link" onClick={clearRecent}>
              {t('help.clearRecent')}
            </button>
          </div>
          <ul className="chips">
            {recent.map((r) => (
              <li key={r}>
                <button type="button" className="chip" onClick={() => changeQuery(r)}>
                  {r}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {failure && (
        <p className="help-failure" role="alert">
          {t(failure)}
        </p>
      )}
      {results && query.trim() && (
        <div aria-live="polite">
          {results.items.length === 0 ? (
            <p className="empty">{t('error.noContent')}</p>
          ) : (
            <ul className="help-list">
              {results.items.map((r) => (
                <li key={r.id}>
                  <a href={pageHref('q-and-a', { id: r.id, title: r.question })} onClick={() => keep(query)}>
                    <span>{highlight(r.question, results.for).map((piece, i) => (piece.match ? <mark key={i}>{piece.text}</mark> : piece.text))}</span>
                  </a>
                </li>
              ))}
              {guidesFor(results.items.map((r) => r.category)).map((guide) => (
                <li key={guide.route}>
                  <a className="help-guide" href={pageHref(guide.route)} onClick={() => keep(query)}>
                    <span>{t(guide.label)}</span>
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
