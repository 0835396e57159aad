/**
 * A list of cards as a grid: one column on phones, up to `columns` on wide screens (the breakpoints are in
 * card-grid.css). Each item is an <li> with the block's card class around what `children` renders for it.
 */
import type { Key, ReactNode } from 'react';

interface CardGridProps<Item> {
  items: readonly Item[];
  /** The most cards in a row: 2 (from 767 px), 3 (two from 650 px, three from 991 px) or 4 (two from 650 px, four from 1200 px); one column when left out. */
  columns?: 2 | 3 | 4;
  /** An ordered list, for cards that are steps in a sequence. */
  ordered?: boolean;
  /** The block's own class for the list. */
  className?: string | undefined;
  /** The block's class for each card, or a function of the item. */
  cardClassName?: string | undefined | ((item: Item) => string | undefined);
  /** A stable key for an item; its position by default. */
  itemKey?: (item: Item, index: number) => Key;
  children: (item: Item, index: number) => ReactNode;
}

export function CardGrid<Item>({ items, columns, ordered = false, className, cardClassName, itemKey = (_, index) => index, children }: CardGridProps<Item>) {
  const List = ordered ? 'ol' : 'ul';
  const listClass = ['kit-card-grid', columns && `kit-card-grid-${columns}`, className].filter(Boolean).join(' ');
  return (
    <List className={listClass}>
      {items.map((item, index) => (
        <li key={itemKey(item, index)} className={typeof cardClassName === 'function' ? cardClassName(item) : cardClassName}>
          {children(item, index)}
        </li>
      ))}
    </List>
  );
}

/**
 * The classes of a card's parts (card-grid.css). An element the block takes as it is gets the class
 * straight from here; a part the block adjusts gets a module class that composes the kit's
 * (`composes: kit-card-title from global;`), so the adjustment reads beside what it adjusts.
 */
export const cardParts = {
  title: 'kit-card-title',
  text: 'kit-card-text',
} as const;
