/** Page document shapes, typed from the generated block props. */
import type { BlockPropsMap } from '../generated/block-props';

export type BlockType = keyof BlockPropsMap;

export type BlockEntry = {
  [T in BlockType]: { type: T; id?: string; props: BlockPropsMap[T] };
}[BlockType];

export interface FragmentRef {
  fragment: string;
}

export interface PageDocument {
  $schema?: string;
  title: string;
  description: string;
  blocks: Array<BlockEntry | FragmentRef>;
}

export function isFragmentRef(entry: BlockEntry | FragmentRef): entry is FragmentRef {
  return 'fragment' in entry;
}
