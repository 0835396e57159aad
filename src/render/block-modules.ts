/**
 * React.lazy per block type, with a twist: once a module has been loaded (by an island before it hydrates,
 * src/render/hydrate-island.tsx; by src/app/preload-blocks.ts before a page renders; by the editor's preview) the
 * lazy component resolves synchronously, so hydration never suspends and a page only downloads the blocks it uses.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { BlockType } from '../model/block-entry';
import { blockRegistry, type BlockModule } from './registry';
import { isBlockType } from './block-behaviour';

type AnyBlockModule = BlockModule<Record<string, unknown>>;

const loaded = new Map<string, AnyBlockModule>();
const inFlight = new Map<string, Promise<AnyBlockModule>>();
const lazies = new Map<string, LazyExoticComponent<ComponentType<Record<string, unknown>>>>();

export { isBlockType };

export const isBlockModuleLoaded = (type: string) => loaded.has(type);

export function loadBlockModule(type: BlockType): Promise<AnyBlockModule> {
  const done = loaded.get(type);
  if (done) return Promise.resolve(done);
  let pending = inFlight.get(type);
  if (!pending) {
    pending = (blockRegistry[type].component as unknown as () => Promise<AnyBlockModule>)().then(
      (module) => {
        loaded.set(type, module);
        inFlight.delete(type);
        return module;
      },
      (error: unknown) => {
        inFlight.delete(type); // a failed download is not kept: the next island or preview of this type tries again
        throw error;
      },
    );
    inFlight.set(type, pending);
  }
  return pending;
}

/** A thenable that calls back at once: React.lazy then treats the module as already resolved. */
function settled(module: AnyBlockModule): PromiseLike<AnyBlockModule> {
  return { then: (onFulfilled) => (onFulfilled ? onFulfilled(module) : module) as never } as PromiseLike<AnyBlockModule>;
}

export function blockComponent(type: BlockType): LazyExoticComponent<ComponentType<Record<string, unknown>>> {
  let component = lazies.get(type);
  if (!component) {
    component = lazy(() => {
      const module = loaded.get(type);
      return (module ? settled(module) : loadBlockModule(type)) as Promise<AnyBlockModule>;
    });
    lazies.set(type, component);
  }
  return component;
}
