import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { BlogArticleProps } from '../../src/generated/block-props';
import type { ArticleBlock, BlogArticle, BlogSummary } from '../../src/features/blog/blog-types';
import { useBlog, useBlogs } from '../../src/features/blog/use-blogs';
import { headingText, neighbours, tableOfContents, type TocEntry } from '../../src/features/blog/article-toc';
import { followReading, scrollToTitle, TITLE_ID } from '../../src/features/blog/article-contents.enhance';
import { BANNER_HEIGHT, BANNER_WIDTH, blogHref, formatPostDate, isoDate } from '../../src/features/blog/blog-card';
import { blogPictures } from '../../src/features/blog/blog-pictures';
import { apiPicture } from '../../src/kit/api-picture';
import { Picture } from '../../src/kit/picture';
import { useRoute } from '../../src/kit/route-context';
import { SmartLink } from '../../src/kit/smart-link';
import styles from './blog-article.module.css';

/** Body pictures have no size in the API; 16:9 at the column's width keeps their space while they load. */
export const BODY_IMAGE_WIDTH = 960;
export const BODY_IMAGE_HEIGHT = 540;

export default function BlogArticleBlock({ backLabel, postedLabel, contentsLabel, loadingText, notFoundHeading, notFoundText, errorHeading, retryLabel, allArticlesLabel, previousLabel, nextLabel }: BlogArticleProps) {
  const slug = useRoute().params.slug ?? '';
  const { article, error, retry } = useBlog(slug);
  const { posts } = useBlogs();

  // The page's head is the article's: its server module's head() gives it, with the data the page came with.
  if (!article) {
    if (error?.kind === 'not-found') {
      return (
        <StateSection heading={notFoundHeading}>
          <p className={styles.stateText}>{notFoundText}</p>
          <SmartLink href="/blogs" className="button">
            {allArticlesLabel}
          </SmartLink>
        </StateSection>
      );
    }
    if (error) {
      return (
        <StateSection heading={errorHeading} alert>
          <div className={styles.stateActions}>
            <button type="button" className="button" onClick={retry}>
              {retryLabel}
            </button>
            <SmartLink href="/blogs">{allArticlesLabel}</SmartLink>
          </div>
        </StateSection>
      );
    }
    return <StateSection heading={loadingText} loading />;
  }

  return <LoadedArticle article={article} posts={posts} labels={{ backLabel, postedLabel, contentsLabel, previousLabel, nextLabel }} />;
}

/** The loading, not-found and failed states. Each has the page's h1, as the article's title is missing. */
function StateSection({ heading, children, loading = false, alert = false }: { heading: string; children?: ReactNode; loading?: boolean; alert?: boolean }) {
  return (
    <section className={`${styles.state} ${loading ? styles.loadingState : ''}`}>
      <div className="container">
        <div className={styles.stateBox} role={loading ? 'status' : alert ? 'alert' : undefined}>
          {loading && <span className={styles.spinner} aria-hidden="true" />}
          <h1 className={styles.stateHeading}>{heading}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}

interface Labels {
  backLabel: string;
  postedLabel: string;
  contentsLabel: string;
  previousLabel: string;
  nextLabel: string;
}

function LoadedArticle({ article, posts, labels }: { article: BlogArticle; posts: BlogSummary[] | undefined; labels: Labels }) {
  const toc = useMemo(() => tableOfContents(article.blocks), [article.blocks]);
  const { previous, next } = neighbours(posts ?? [], article.slug);
  const contents = useRef<HTMLElement>(null);
  useEffect(() => (contents.current ? followReading(contents.current) : undefined), [toc]);

  return (
    <article className={styles.article}>
      <div className="container">
        {article.bannerImage && (
          <Picture layout={blogPictures.banner} set={apiPicture(article.bannerImage, blogPictures.banner)} priority className={styles.banner} src={article.bannerImage} alt={article.title} width={BANNER_WIDTH} height={BANNER_HEIGHT} />
        )}
        <div className={styles.layout}>
          <nav ref={contents} className={styles.toc} aria-labelledby="article-contents-label" data-article-contents>
            <p id="article-contents-label" className={styles.tocLabel}>
              {labels.contentsLabel}
            </p>
            <ol className={styles.tocList}>
              <li className={styles.tocTitle}>
                <a href={`#${TITLE_ID}`} onClick={scrollToTitle}>
                  {article.title}
                </a>
              </li>
              {toc.map((entry) => (
                <li key={entry.id} className={styles[`tocLevel${entry.level}`]}>
                  <a href={`#${entry.id}`}>{entry.text}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className={styles.main}>
            <header className={styles.header}>
              <div className={styles.titleRow}>
                <SmartLink href="/blogs" className={styles.back} aria-label={labels.backLabel} title={labels.backLabel}>
                  <ArrowLeft aria-hidden="true" focusable="false" size={22} />
                </SmartLink>
                <h1 id={TITLE_ID} className={styles.title} tabIndex={-1}>
                  {article.title}
                </h1>
              </div>
              {article.subtitle && <p className={styles.subtitle}>{article.subtitle}</p>}
            </header>
            <ArticleBody article={article} toc={toc} />
            <footer className={styles.footer}>
              <span className={styles.postedLabel}>{labels.postedLabel}</span> <time dateTime={isoDate(article.date)}>{formatPostDate(article.date)}</time>
            </footer>
          </div>
        </div>
        {(previous || next) && (
          <nav className={styles.neighbours} aria-label="More articles">
            {previous && <NeighbourLink post={previous} label={labels.previousLabel} direction="previous" />}
            {next && <NeighbourLink post={next} label={labels.nextLabel} direction="next" />}
          </nav>
        )}
      </div>
    </article>
  );
}

/** The body blocks by column type; a column type we do not know is skipped. */
export function ArticleBody({ article, toc }: { article: BlogArticle; toc: readonly TocEntry[] }) {
  const ids = useMemo(() => new Map(toc.map((entry) => [entry.index, entry.id])), [toc]);
  return (
    <div className={styles.body}>
      {article.blocks.map((block, index) => (
        <BodyBlock key={index} block={block} id={ids.get(index)} alt={imageAlt(article, index)} />
      ))}
    </div>
  );
}

/** An image's alt text: the caption that follows it, else the article's title. */
function imageAlt(article: BlogArticle, index: number): string {
  const following = article.blocks[index + 1];
  return following?.column === 'image_caption' && following.data.trim() ? following.data.trim() : article.title;
}

function BodyBlock({ block, id, alt }: { block: ArticleBlock; id: string | undefined; alt: string }) {
  switch (block.column) {
    case 'Heading2':
    case 'Heading3':
    case 'Heading4':
    case 'heading': {
      const text = headingText(block.data);
      if (!text) return null;
      const Tag = block.column === 'Heading2' ? 'h2' : block.column === 'Heading4' ? 'h4' : 'h3';
      return (
        <Tag id={id} className={styles[Tag]}>
          {text}
        </Tag>
      );
    }
    case 'description':
      // Sanitised when the article was fetched (src/features/blog/article-html.ts), on the server and in the browser alike.
      return <div className={styles.rich} data-rich-text dangerouslySetInnerHTML={{ __html: block.data }} />;
    case 'image':
      return block.data ? <Picture layout={blogPictures.bodyImage} set={apiPicture(block.data, blogPictures.bodyImage)} className={styles.bodyImage} src={block.data} alt={alt} width={BODY_IMAGE_WIDTH} height={BODY_IMAGE_HEIGHT} /> : null;
    case 'image_caption':
      return block.data.trim() ? <p className={styles.caption}>{block.data}</p> : null;
    default:
      return null;
  }
}

function NeighbourLink({ post, label, direction }: { post: BlogSummary; label: string; direction: 'previous' | 'next' }) {
  const Arrow = direction === 'previous' ? ArrowLeft : ArrowRight;
  return (
    <SmartLink href={blogHref(post.slug)} className={`${styles.neighbour} ${direction === 'next' ? styles.neighbourNext : ''}`} rel={direction === 'previous' ? 'prev' : 'next'}>
      <span className={styles.neighbourMedia}>
        {post.bannerImage ? (
          <Picture layout={blogPictures.neighbour} set={apiPicture(post.bannerImage, blogPictures.neighbour)} className={styles.neighbourImage} src={post.bannerImage} alt="" width={BANNER_WIDTH} height={BANNER_HEIGHT} />
        ) : (
          <span className={styles.neighbourBlank} />
        )}
      </span>
      <span className={styles.neighbourText}>
        <span className={styles.neighbourLabel}>
          <Arrow aria-hidden="true" focusable="false" size={16} />
          {label}
        </span>
        <span className={styles.neighbourTitle}>{post.metaTitle || post.title}</span>
      </span>
    </SmartLink>
  );
}
