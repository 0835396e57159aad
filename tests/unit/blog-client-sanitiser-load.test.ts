/**
 * The sanitiser is requested together with the article, not after its answer: a visitor whose browser fetches an
 * article waits for one round trip, not two (the article shows "Loading" meanwhile).
 */
import { expect, it, vi } from 'vitest';
import { fetchBlog } from '../../src/features/blog/blog-client';
import { UI_TIMEOUT } from '../timeouts';

const imported = vi.hoisted(() => ({ at: [] as string[] }));
vi.mock('../../src/features/blog/article-html', async (original) => {
  imported.at.push('sanitiser requested');
  return original();
});

it('requests the sanitiser while the article answer is still on its way', async () => {
  let answer: (response: Response) => void = () => {};
  const held = new Promise<Response>((resolve) => (answer = resolve));
  const pending = fetchBlog('an-article', { host: 'https://api.example.com', fetch: () => held, onError: () => {} });
  await vi.waitFor(() => expect(imported.at).toEqual(['sanitiser requested']), { timeout: UI_TIMEOUT });
  const content = JSON.stringify({ 'section-1': [{ column: 'description', data: '<p>Text</p><script>x()</script>' }] });
  answer(new Response(JSON.stringify({ status: true, result: { title: 'An article', slug: 'an-article', content } })));
  expect((await pending).blocks).toEqual([{ column: 'description', data: '<p>Text</p>' }]);
});
