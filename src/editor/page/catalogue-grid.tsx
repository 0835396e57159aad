/**
 * The catalogue's search box and its grid of choices: a listbox with one Tab stop (the chosen entry); the arrow
 * keys move through the grid as it is laid out, Home and End to its ends, Enter inserts the chosen entry. Typing
 * in the search box narrows the grid; there Enter inserts the first match and ↓ moves into the grid.
 */
import { useId } from 'react';
import { columnsOf, movedTo } from './grid-keys';
import styles from './block-catalogue.module.css';

export interface GridChoice {
  key: string;
  title: string;
  summary: string;
}

/** Whether every word of `query` is somewhere in what the choice says about itself. */
export function matches(choice: GridChoice & { searchText: string }, query: string): boolean {
  const haystack = `${choice.title} ${choice.summary} ${choice.searchText}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}

interface Props {
  choices: GridChoice[];
  chosen: string | undefined;
  query: string;
  onQuery(query: string): void;
  onChoose(key: string): void;
  onInsert(key: string): void;
}

export function CatalogueGrid({ choices, chosen, query, onQuery, onChoose, onInsert }: Props) {
  const id = useId();
  const optionId = (key: string) => `${id}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const focusChoice = (listbox: HTMLElement, at: number) => {
    const option = listbox.querySelectorAll<HTMLElement>('[role="option"]')[at];
    option?.focus();
    option?.scrollIntoView({ block: 'nearest' });
  };

  const onOptionKey = (event: React.KeyboardEvent<HTMLElement>) => {
    const at = choices.findIndex((c) => c.key === chosen);
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (chosen) onInsert(chosen);
      return;
    }
    const listbox = event.currentTarget.parentElement!;
    const to = movedTo(event.key, at, choices.length, columnsOf([...listbox.querySelectorAll<HTMLElement>('[role="option"]')]));
    if (to === undefined) return;
    event.preventDefault();
    onChoose(choices[to]!.key);
    focusChoice(listbox, to);
  };

  const onSearchKey = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && chosen) {
      event.preventDefault();
      onInsert(chosen);
    } else if (event.key === 'ArrowDown' && choices.length > 0) {
      event.preventDefault();
      const listbox = document.getElementById(`${id}-grid`);
      if (listbox)
        focusChoice(
          listbox,
          Math.max(
            0,
            choices.findIndex((c) => c.key === chosen),
          ),
        );
    }
  };

  return (
    <div>
      <div className={styles.search}>
        <label htmlFor={`${id}-search`} className={styles.searchLabel}>
          Find a block
        </label>
        <input
          id={`${id}-search`}
          className={styles.searchInput}
          type="search"
          value={query}
          autoComplete="off"
          placeholder="heading, questions, cards, quotes…"
          aria-controls={`${id}-grid`}
          aria-describedby={`${id}-count`}
          onChange={(e) => onQuery(e.target.value)}
          onKeyDown={onSearchKey}
          data-catalogue-search=""
        />
      </div>
      <p id={`${id}-count`} className="visually-hidden" aria-live="polite">
        {choices.length === 1 ? '1 match' : `${choices.length} matches`}
      </p>
      {choices.length === 0 && <p className={styles.empty}>Nothing matches “{query}”. Try another word, or clear the search to see every block.</p>}
      <div id={`${id}-grid`} role="listbox" aria-label="Blocks and shared sections" className={styles.grid} hidden={choices.length === 0}>
        {choices.map((choice) => (
          <div
            key={choice.key}
            id={optionId(choice.key)}
            role="option"
            aria-selected={choice.key === chosen}
            tabIndex={choice.key === chosen ? 0 : -1}
            className={styles.option}
            onClick={() => onChoose(choice.key)}
            onDoubleClick={() => onInsert(choice.key)}
            onKeyDown={onOptionKey}
            onFocus={() => onChoose(choice.key)}
          >
            <span className={styles.optionTitle}>{choice.title}</span>
            <span className={styles.optionSummary}>{choice.summary}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
