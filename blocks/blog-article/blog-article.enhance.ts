/**
 * The article's behaviour when the server's HTML was final (the server had the article and its neighbours, so
 * no React comes for it): its table of contents (src/features/blog/article-contents.enhance.ts).
 */
import { followReading, scrollToTitle, TITLE_ID } from '../../src/features/blog/article-contents.enhance';

export default function enhance(root: HTMLElement): () => void {
  const contents = root.querySelector<HTMLElement>('[data-article-contents]');
  if (!contents) return () => {};
  const titleEntry = contents.querySelector<HTMLAnchorElement>(`a[href="#${TITLE_ID}"]`);
  titleEntry?.addEventListener('click', scrollToTitle);
  const stopFollowing = followReading(contents);
  return () => {
    titleEntry?.removeEventListener('click', scrollToTitle);
    stopFollowing();
  };
}
