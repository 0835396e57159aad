import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY_IMAGE_ATTRIBUTE, showStaticLazyImages } from '../../src/kit/static-lazy-images';

/** A static block as the browser holds it with scripting on: the <noscript>'s content is text. */
function staticBlock(noscriptText: string): HTMLElement {
  const root = document.createElement('div');
  root.dataset.block = 'approach-cards';
  const holder = document.createElement('span');
  holder.setAttribute(LAZY_IMAGE_ATTRIBUTE, '_placeholder_x');
  holder.className = '_frame_x _icon_y _placeholder_x';
  holder.setAttribute('role', 'img');
  const noscript = document.createElement('noscript');
  noscript.textContent = noscriptText;
  holder.append(noscript);
  root.append(holder);
  return root;
}

afterEach(() => vi.restoreAllMocks());

describe('showStaticLazyImages', () => {
  it("replaces each placeholder with its <noscript> picture, loading lazily, keeping the block's classes but not the placeholder's", () => {
    const root = staticBlock('<img src="/illustrations/discover.svg" alt="" width="72" height="72"/>');
    showStaticLazyImages(root);
    expect(root.querySelector(`[${LAZY_IMAGE_ATTRIBUTE}]`)).toBeNull();
    const image = root.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/illustrations/discover.svg');
    expect(image.getAttribute('width')).toBe('72');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.className).toBe('_frame_x _icon_y');
  });

  it('leaves a placeholder without a picture as it is, and says where', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = staticBlock('');
    showStaticLazyImages(root);
    expect(root.querySelector(`[${LAZY_IMAGE_ATTRIBUTE}]`)).not.toBeNull();
    expect(error.mock.calls[0]?.[0]).toContain('"approach-cards"');
  });
});
