/**
 * The elements of a long list, kept from one render to the next while their props stay the same values: React
 * then passes over an unchanged item without a new element. On a page of hundreds of blocks that saves most of
 * an insert's or a move's time in the dev server's React, where making an element costs more than comparing.
 */
import { useRef, type ReactElement } from 'react';

type Props = Record<string, unknown>;

function sameProps(a: Props, b: Props): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

/** `element(key, props)` returns the element made last render for `key` when its props are the same, else `make(props)`. */
export function useElementCache<P extends Props>(make: (key: string, props: P) => ReactElement): (key: string, props: P) => ReactElement {
  const previous = useRef(new Map<string, { props: P; element: ReactElement }>());
  const last = previous.current;
  // Only this render's keys are kept: a removed block's element goes with it.
  const next = new Map<string, { props: P; element: ReactElement }>();
  previous.current = next;
  return (key, props) => {
    const hit = last.get(key);
    const element = hit && sameProps(hit.props, props) ? hit.element : make(key, props);
    next.set(key, { props, element });
    return element;
  };
}
