import { REQUEST_MESSAGES as M, REQUEST_RULES, TITLE_KIND_LABELS } from '@seyirlik/shared-contracts';
import { useState } from 'react';
import { messageOf } from '../../lib/api';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { Loading } from '../../ui/Loading';
import { useSessionUser } from '../session/session';
import { RequestFormDialog } from './RequestFormDialog';
import { RequestRow } from './RequestRow';
import { REQUEST_TEXT } from './texts';
import { useLoginRedirect, useRequestSearch } from './useRequests';

/**
 * The request search (seed §5, §9): from 2 characters, once typing pauses. It shows the catalog's
 * titles (links to them) and the existing requests, so nobody requests what exists; when the
 * catalog has no such title, "İste" opens the request form with the text as the name.
 */
export function RequestSearch({ from }: { from: string }) {
  const user = useSessionUser();
  const askLogin = useLoginRedirect(from);
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), REQUEST_RULES.searchDebounceMs);
  const search = useRequestSearch(q, user?.id ?? null);
  const [requesting, setRequesting] = useState<string | null>(null);
  const long = [...q].length >= REQUEST_RULES.searchMinLength;

  return (
    <section className="request-search" aria-label={M.searchLabel}>
      <input
        type="search"
        className="field__input request-search__input"
        value={text}
        placeholder={M.searchPlaceholder}
        aria-label={M.searchLabel}
        maxLength={REQUEST_RULES.searchMaxLength}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      {text.trim().length > 0 && !long && <p className="field__hint">{M.searchHint}</p>}
      {long && search.isPending && <Loading />}
      {long && search.isError && (
        <p className="field__error" role="alert">
          {messageOf(search.error)}
        </p>
      )}
      {long && search.data && (
        <div className="request-search__results">
          {search.data.titles.length > 0 ? (
            <>
              <h2 className="request-search__heading">{M.inCatalog}</h2>
              <ul className="request-search__titles" aria-label={M.inCatalog}>
                {search.data.titles.map((title) => (
                  <li key={title.link}>
                    <a className="request-search__title" href={title.link}>
                      <img src={title.posterUrl ?? undefined} alt="" loading="lazy" />
                      <span>{title.name}</span>
                      <span className="request-search__meta">
                        {TITLE_KIND_LABELS[title.kind]} · {title.year}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="request-search__missing">
              <span>{M.notFound}</span>
              <button type="button" className="button button--primary" onClick={() => (user ? setRequesting(q) : askLogin())}>
                {M.request}
              </button>
            </p>
          )}
          {search.data.requests.length > 0 && (
            <>
              <h2 className="request-search__heading">{M.alreadyAsked}</h2>
              <ul className="requests__list" aria-label={REQUEST_TEXT.foundRequests}>
                {search.data.requests.map((request) => (
                  <li key={request.id}>
                    <RequestRow request={request} from={from} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {requesting !== null && <RequestFormDialog name={requesting} onClose={() => setRequesting(null)} />}
    </section>
  );
}
