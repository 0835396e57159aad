import { describe, expect, it } from 'vitest';
import { neighbours, tableOfContents } from '../../src/features/blog/article-toc';
import type { ArticleBlock, BlogSummary } from '../../src/features/blog/blog-types';

describe('tableOfContents', () => {
  it('lists heading blocks with their levels; a plain heading is level 3', () => {
    const blocks: ArticleBlock[] = [
      { column: 'Heading2', data: 'Why outsource support' },
      { column: 'description', data: '<p>Body</p>' },
      { column: 'Heading3', data: 'Cost' },
      { column: 'Heading4', data: 'Hidden costs' },
      { column: 'heading', data: 'Quality' },
      { column: 'image', data: '/uploads/x.svg' },
      { column: 'image_caption', data: 'Caption' },
    ];
    expect(tableOfContents(blocks)).toEqual([
      { id: 'section-why-outsource-support', text: 'Why outsource support', level: 2, index: 0 },
      { id: 'section-cost', text: 'Cost', level: 3, index: 2 },
      { id: 'section-hidden-costs', text: 'Hidden costs', level: 4, index: 3 },
      { id: 'section-quality', text: 'Quality', level: 3, index: 4 },
    ]);
  });

  it('makes ids unique and readable', () => {
    const blocks: ArticleBlock[] = [
      { column: 'Heading2', data: 'Results' },
      { column: 'Heading3', data: 'Results' },
      { column: 'Heading3', data: 'results!' },
      { column: 'Heading2', data: 'Qualité & <em>coût</em>' },
      { column: 'Heading2', data: '???' },
      { column: 'Heading2', data: '   ' },
    ];
    const toc = tableOfContents(blocks);
    expect(toc.map((entry) => entry.id)).toEqual(['section-results', 'section-results-2', 'section-results-3', 'section-qualite-and-cout', 'section-heading']);
    expect(new Set(toc.map((entry) => entry.id)).size).toBe(toc.length);
    expect(toc[3]?.text).toBe('Qualité & coût');
  });

  it('is empty for an article without headings', () => {
    expect(tableOfContents([{ column: 'description', data: '<p>Only text</p>' }])).toEqual([]);
  });
});

describe('neighbours', () => {
  const post = (slug: string): BlogSummary => ({ id: slug, slug, title: slug, date: '2025-01-01', bannerImage: '', metaTitle: slug, metaDescription: '' });
  const posts = [post('newest'), post('middle'), post('oldest')];

  it('gives both neighbours in the middle of the list', () => {
    expect(neighbours(posts, 'middle')).toEqual({ previous: posts[0], next: posts[2] });
  });

  it('gives only next for the first post and only previous for the last', () => {
    expect(neighbours(posts, 'newest')).toEqual({ next: posts[1] });
    expect(neighbours(posts, 'oldest')).toEqual({ previous: posts[1] });
  });

  it('gives none for an unknown slug, a single post or an empty list', () => {
    expect(neighbours(posts, 'unknown')).toEqual({});
    expect(neighbours([posts[0]!], 'newest')).toEqual({});
    expect(neighbours([], 'newest')).toEqual({});
  });
});
