// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { setPageReader } from '../../src/app/page-documents';

describe('prerender', () => {
  it('fails with the page and the block that threw', async () => {
    // A page whose second block has props that skipped validation and throws while rendering.
    setPageReader(async () => ({
      title: 'A title',
      description: 'A description',
      blocks: [
        { type: 'page-hero', id: 'hero', props: { heading: 'Fine' } },
        { type: 'closing-banner', id: 'broken', props: { heading: 'No button' } },
      ] as never,
    }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { renderRoute } = await import('../../src/entry-server');
    await expect(renderRoute('/about')).rejects.toThrow(/^pages\/about\.json blocks\[1\] \(closing-banner #broken\) threw while prerendering \/about: /);
  });
});
