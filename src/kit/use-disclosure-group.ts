/**
 * Open/closed state of a group of disclosures (accordion items). The reducer is pure so tests and other
 * blocks can drive it without rendering; the hook wraps it for components.
 */
import { useCallback, useReducer } from 'react';

export interface DisclosureGroupOptions {
  /** How many items the group has. */
  count: number;
  /** Start with the first item open. */
  firstOpen?: boolean;
  /** Opening one item closes the others (the default). */
  singleOpen?: boolean;
}

/** The indices of the open items, in ascending order. */
export type DisclosureState = readonly number[];

export type DisclosureAction = { type: 'toggle'; index: number };

export function initialDisclosureState({ count, firstOpen = false }: DisclosureGroupOptions): DisclosureState {
  return firstOpen && count > 0 ? [0] : [];
}

export function disclosureReducer(state: DisclosureState, action: DisclosureAction, singleOpen = true): DisclosureState {
  const { index } = action;
  if (state.includes(index)) return state.filter((i) => i !== index);
  if (singleOpen) return [index];
  return [...state, index].sort((a, b) => a - b);
}

export interface DisclosureGroup {
  isOpen: (index: number) => boolean;
  toggle: (index: number) => void;
  openIndices: DisclosureState;
}

export function useDisclosureGroup(options: DisclosureGroupOptions): DisclosureGroup {
  const singleOpen = options.singleOpen ?? true;
  const [openIndices, dispatch] = useReducer((state: DisclosureState, action: DisclosureAction) => disclosureReducer(state, action, singleOpen), options, initialDisclosureState);
  const isOpen = useCallback((index: number) => openIndices.includes(index), [openIndices]);
  const toggle = useCallback((index: number) => dispatch({ type: 'toggle', index }), []);
  return { isOpen, toggle, openIndices };
}
