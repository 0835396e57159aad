/** <Picture> (src/kit/picture.tsx) and the blog API's picture URLs (src/kit/api-picture.ts). */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { apiPicture } from '../../src/kit/api-picture';
import { PagePicturesContext, Picture } from '../../src/kit/picture';
import { blogPictures } from '../../src/features/blog/blog-pictures';
import { pictureLayout as approachCards } from '../../blocks/approach-cards/approach-cards.picture';
import { pictureLayout as hero } from '../../blocks/hero/hero.picture';
import { pictureLayout as whoWeAre } from '../../blocks/who-we-are/who-we-are.picture';
import { pictureSetOf } from '../../src/model/picture-set';

const set = pictureSetOf([480, 768, 1080, 1200], 'jpeg', (w, f) => `/_img/office.abc-${w}.${f === 'jpeg' ? 'jpg' : f}`, 'data:image/webp;base64,AAAA');
const office = { src: '/images/office.jpg', alt: 'Our office', width: 1200, height: 800 };

const render = (priority: string | undefined, element = <Picture layout={whoWeAre} {...office} />) =>
  renderToStaticMarkup(<PagePicturesContext.Provider value={{ sets: { '/images/office.jpg': set }, ...(priority ? { priority } : {}) }}>{element}</PagePicturesContext.Provider>);

describe('Picture', () => {
  it("renders the page's variants as AVIF and WebP sources, the original format as the fallback, lazily, over its placeholder", () => {
    const html = render(undefined);
    const sizes = whoWeAre.sizes;
    expect(html).toContain(`<source type="image/avif" srcSet="/_img/office.abc-480.avif 480w, /_img/office.abc-768.avif 768w, /_img/office.abc-1080.avif 1080w, /_img/office.abc-1200.avif 1200w" sizes="${sizes}"/>`);
    expect(html).toContain('<source type="image/webp"');
    expect(html).toMatch(/<img [^>]*src="\/_img\/office\.abc-1080\.jpg" srcSet="[^"]*1200\.jpg 1200w"/);
    expect(html).toMatch(/alt="Our office" width="1200" height="800" style="background-image:url\(data:image\/webp;base64,AAAA\);background-size:cover" decoding="async" loading="lazy"/);
    expect(html).not.toContain('fetchPriority');
  });

  it("loads the page's priority picture at once, with high priority", () => {
    const html = render('/images/office.jpg');
    expect(html).toContain('fetchPriority="high"');
    expect(html).not.toContain('loading="lazy"');
  });

  it('shows a picture without variants (an SVG, the dev server) as it is: lazily, or at once with priority', () => {
    const lazy = render(undefined, <Picture layout={hero} src="/illustrations/a.svg" alt="A" width={560} height={440} />);
    expect(lazy).toContain('<noscript><img src="/illustrations/a.svg"');
    const eager = render(undefined, <Picture layout={hero} src="/illustrations/a.svg" alt="A" width={560} height={440} priority />);
    expect(eager).toContain('<img src="/illustrations/a.svg" alt="A" width="560" height="440" fetchPriority="high" decoding="async"/>');
  });

  it('gives a decorative picture alt="" and nothing that announces it, even when an alt was left beside it', () => {
    const icon = { src: '/illustrations/icon.svg', alt: 'A leftover description', decorative: true, width: 72, height: 72 };
    for (const html of [render(undefined, <Picture layout={approachCards} {...icon} />), render(undefined, <Picture layout={approachCards} {...icon} priority />), render(undefined, <Picture layout={whoWeAre} {...office} decorative />)]) {
      expect(html).toMatch(/<img [^>]*alt=""/);
      expect(html).not.toMatch(/leftover|Our office|role="img"|aria-label/);
    }
  });
});

describe('apiPicture', () => {
  it("asks the image endpoint for each width up to the first that fills the block's column on a 2× screen", () => {
    const banner = apiPicture('https://api.example.com/uploads/x/banner.jpg', blogPictures.card)!;
    const encoded = encodeURIComponent('https://api.example.com/uploads/x/banner.jpg');
    expect(banner.sources[0]).toEqual({ type: 'image/avif', srcSet: `/_image?src=${encoded}&w=480&f=avif 480w, /_image?src=${encoded}&w=768&f=avif 768w` });
    expect(banner.src).toBe(`/_image?src=${encoded}&w=768&f=jpeg`);
    expect(apiPicture('/uploads/x/banner.png', blogPictures.banner)!.srcSet.split(', ')).toHaveLength(6);
  });

  it('leaves an SVG, or anything that is no picture URL, as it is', () => {
    expect(apiPicture('/uploads/x/banner.svg', blogPictures.banner)).toBeUndefined();
    expect(apiPicture('data:image/png;base64,AAAA', blogPictures.banner)).toBeUndefined();
    expect(apiPicture('', blogPictures.banner)).toBeUndefined();
  });
});
