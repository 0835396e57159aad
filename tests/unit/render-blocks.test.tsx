import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderBlocks } from '../../src/render/render-blocks';
import { loadBlockModule } from '../../src/render/block-modules';
import { BlockEnvironment } from '../../src/kit/block-environment';
import { site } from '../../src/model/site';
import type { BlockEntry } from '../../src/model/block-entry';

const hero = (id: string, heading: string): BlockEntry => ({ type: 'page-hero', id, props: { heading } });

function renderBlocks(blocks: unknown[]) {
  return render(
    <BlockEnvironment settings={site.settings}>
      <RenderBlocks blocks={blocks as BlockEntry[]} />
    </BlockEnvironment>,
  );
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('RenderBlocks', () => {
  it('marks each block root with data-block and its id, in order', async () => {
    await loadBlockModule('page-hero');
    const { container } = renderBlocks([hero('first', 'One'), hero('second', 'Two')]);
    const frames = [...container.querySelectorAll('[data-block]')];
    expect(frames.map((f) => [f.getAttribute('data-block'), f.id])).toEqual([
      ['page-hero', 'first'],
      ['page-hero', 'second'],
    ]);
  });

  it('shows a notice for an unknown block type in development', async () => {
    await loadBlockModule('page-hero');
    renderBlocks([{ type: 'carousel-3d', props: {} }, hero('after', 'Still here')]);
    expect(screen.getByRole('alert').textContent).toContain('Unknown block type “carousel-3d”');
    expect(screen.getByRole('heading', { name: 'Still here' })).toBeTruthy();
  });

  it('renders nothing for an unknown block type in production', async () => {
    vi.stubEnv('DEV', false);
    await loadBlockModule('page-hero');
    const { container } = renderBlocks([{ type: 'carousel-3d', props: {} }, hero('after', 'Still here')]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.querySelectorAll('[data-block]')).toHaveLength(1);
  });

  it('contains a block that throws: the others still render', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadBlockModule('closing-banner');
    await loadBlockModule('page-hero');
    // Props that skipped validation: closing-banner reads cta.href and throws.
    renderBlocks([hero('before', 'Before'), { type: 'closing-banner', id: 'broken', props: { heading: 'No button' } }, hero('after', 'After')]);
    expect(screen.getByRole('heading', { name: 'Before' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'After' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Block “closing-banner” failed to render');
    expect(consoleError.mock.calls.some((call) => String(call[0]).includes('The block "closing-banner" (#broken) failed to render'))).toBe(true);
  });

  it('leaves a throwing block out silently for visitors in production', async () => {
    vi.stubEnv('DEV', false);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadBlockModule('closing-banner');
    const { container } = renderBlocks([{ type: 'closing-banner', id: 'broken', props: { heading: 'No button' } }, hero('after', 'After')]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.querySelector('#broken')?.textContent).toBe('');
    expect(screen.getByRole('heading', { name: 'After' })).toBeTruthy();
  });
});
