/**
 * Makes the article's `description` HTML (from the API) safe to render: DOMPurify removes scripts, event
 * handlers and javascript: URLs; new-tab links get rel="noopener noreferrer"; relative image paths are joined
 * with the API host like every other article image. Browser-only: call it in an effect or client render.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { withHost } from '../../model/site';

let purifier: Purifier | undefined;

/** Relative paths such as "uploads/blog/x/chart.svg"; not "/…", "#…", "?…" or anything with a scheme. */
const HOST_RELATIVE = /^(?![a-z][a-z\d+.-]*:|[/#?])/i;

function createPurifier(): Purifier {
  // Its own instance, so these hooks never leak into another user of DOMPurify.
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('target')) {
      if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
      else node.removeAttribute('target'); // Named frames and windows have no place in an article.
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src');
      if (src && HOST_RELATIVE.test(src)) node.setAttribute('src', withHost(src));
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
  });
  return instance;
}

export function sanitizeArticleHtml(html: string): string {
  if (typeof window === 'undefined') return ''; // No DOM, no sanitiser: render nothing rather than raw HTML.
  purifier ??= createPurifier();
  if (!purifier.isSupported) return '';
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    // Inline <style> breaks the CSP and forms have no endpoint here; both are dropped with their content.
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea'],
    // Article styling comes from the site's CSS; inline styles could carry url(javascript:…) or hide content.
    FORBID_ATTR: ['style'],
  });
}
