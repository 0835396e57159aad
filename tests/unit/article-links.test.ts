// @vitest-environment node
/**
 * Links to blog articles are checked against the blog's list when it can be known at check time: the embedded
 * API's sample articles, or an external API that answers. A slug the blog does not have is a warning with the
 * nearest slug; an API that does not answer is said once, not per link.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate-content';
import { formatIssue } from '../../scripts/content-check/issue';
import { aboutPageWith, baseSiteConfig, basePages, fixtureSitePerTest, page } from './fixtures/content-site';
import { close, freePort, listen } from './fixtures/listen';

const site = fixtureSitePerTest();

const samplePost = (id: number, slug: string) => ({
  id,
  slug,
  title: `Article ${id}`,
  subtitle: 'A subtitle.',
  date: `2025-0${id}-01`,
  banner_image: `uploads/blog/${slug}/banner.svg`,
  meta_title: `Article ${id}`,
  meta_description: 'A description.',
  content: { 'section-1': [{ column: 'paragraph', data: '<p>Text.</p>' }] },
});
const slugs = ['outsourcing-sla-checklist', 'support-desk-in-five-languages'];

/** The site's config with the given API host, and a redirect into the article route. */
async function writeConfig(apiHost: string): Promise<void> {
  const config = baseSiteConfig();
  config.settings.apiHost = apiHost;
  config.redirects.push({ from: '/news/:slug', to: '/blogs/:slug' });
  await site.write('pages.json', config);
}

beforeEach(async () => {
  await writeConfig('');
  // The article route's page shows the article of its slug.
  await site.write('pages/article.json', page('An article of the test company', 'The shell of an article page, written long enough to pass the rule.', [{ type: 'blog-article', id: 'article', props: {} }]));
  for (const [i, slug] of slugs.entries()) await site.write(`server/api/sample-blogs/${slug}.json`, samplePost(i + 1, slug));
});

/** Closing banners on lines 7 and on of the about page, each linking to one of `hrefs`. */
const linking = (...hrefs: string[]) => aboutPageWith(hrefs.map((href, i) => `    { "type": "closing-banner", "id": "c${i}", "props": { "heading": "Read", "cta": { "label": "Go", "href": "${href}" } } }`).join(',\n'));

async function messages(): Promise<string[]> {
  const report = await validateContent({ root: site.root });
  return report.issues.map(formatIssue);
}

describe('with the embedded API, whose articles are the samples in server/api/sample-blogs/', () => {
  it('warns about a link to an article the blog does not have, with the nearest slug or the articles it has, through a redirect too', async () => {
    await site.write('pages/about.json', linking('/blogs/outsourcing-sla-checklst', '/blogs/outsourcing-sla-checklist', '/news/no-such-article', '/news/support-desk-in-five-languages#faq'));
    expect(await messages()).toEqual([
      'pages/about.json:7:99  warning: blocks[1] (closing-banner) › props.cta.href: the link "/blogs/outsourcing-sla-checklst" leads to the article "outsourcing-sla-checklst", which the blog does not have — did you mean "/blogs/outsourcing-sla-checklist"?',
      'pages/about.json:9:99  warning: blocks[3] (closing-banner) › props.cta.href: the link "/news/no-such-article" leads to the article "no-such-article", which the blog does not have. Link to one of its articles: "support-desk-in-five-languages", "outsourcing-sla-checklist".',
    ]);
  });

  it('leaves links to an article route alone when no page there shows articles', async () => {
    await site.write('pages/article.json', basePages().article);
    await site.write('pages/about.json', linking('/blogs/no-such-article'));
    expect(await messages()).toEqual([]);
  });

  it('knows the page that shows articles by its block\'s schema ("x-article-page"), not by the block\'s name', async () => {
    const schema = 'schemas/blocks/blog-article.schema.json';
    const text = await readFile(path.join(site.root, schema), 'utf8');
    expect(text).toContain('  "x-article-page": true,\n');
    await site.write(schema, text.replace('  "x-article-page": true,\n', ''));
    await site.write('pages/about.json', linking('/blogs/no-such-article'));
    expect(await messages()).toEqual([]);
  });
});

describe('with an external API', () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    if (server) await close(server);
    server = undefined;
  });

  it('checks the links against the list the API answers at check time', async () => {
    const asked: string[] = [];
    server = http.createServer((request, response) => {
      asked.push(request.url ?? '');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ status: true, result: [{ id: 7, slug: 'hiring-agents-in-lisbon', title: 'Hiring', date: '2025-01-01', banner_image: '', meta_title: '', meta_description: '' }] }));
    });
    await writeConfig(await listen(server));
    await site.write('pages/about.json', linking('/blogs/hiring-agents-in-lisbon', '/blogs/hiring-agent-in-lisbon'));
    expect(await messages()).toEqual([
      'pages/about.json:8:99  warning: blocks[2] (closing-banner) › props.cta.href: the link "/blogs/hiring-agent-in-lisbon" leads to the article "hiring-agent-in-lisbon", which the blog does not have — did you mean "/blogs/hiring-agents-in-lisbon"?',
    ]);
    expect(asked).toEqual(['/api/test/blogs']);
  });

  it('says once, at the first such link, that the article links were not checked when the API does not answer', async () => {
    const host = `http://127.0.0.1:${await freePort()}`;
    await writeConfig(host);
    await site.write('pages/about.json', linking('/blogs/outsourcing-sla-checklist', '/about', '/news/no-such-article'));
    expect(await messages()).toEqual([
      `pages/about.json:7:99  warning: blocks[1] (closing-banner) › props.cta.href: 2 links to articles (the first here) were not checked: the blog API's list of articles, ${host}/api/test/blogs, could not be reached (ECONNREFUSED). Check that those articles exist, or run the check where the API answers.`,
    ]);
  });
});
