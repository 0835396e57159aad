// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';

// A page whose second block has props that skipped validation and throws while rendering.
vi.mock('../../src/app/page-loader', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/app/page-loader')>();
  const { loadBlockModule } = await import('../../src/render/block-modules');
  return {
    ...original,
    loadPage: async (name: string) => {
      await Promise.all([loadBlockModule('page-hero'), loadBlockModule('closing-banner')]);
      return {
        name,
        title: 'A title',
        description: 'A description',
        blocks: [
          { type: 'page-hero', id: 'hero', props: { heading: 'Fine' } },
          { type: 'closing-banner', id: 'broken', props: { heading: 'No button' } },
        ],
      };
    },
  };
});

describe('prerender', () => {
  it('fails with the page and the block that threw', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { renderRoute } = await import('../../src/entry-server');
    await expect(renderRoute('/about')).rejects.toThrow(/^pages\/about\.json blocks\[1\] \(closing-banner #broken\) threw while prerendering \/about: /);
  });
});
