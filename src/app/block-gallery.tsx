/**
 * Dev-only page at /__blocks: every block type rendered from each example in its schema, with the schema's
 * description and the example's JSON. main.tsx imports this module only when import.meta.env.DEV, so the
 * production build never contains it.
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { useBlogs } from '../features/blog/use-blogs';
import type { BlockEntry } from '../model/block-entry';
import { BlockEnvironment } from '../kit/block-environment';
import { BlockFrame } from '../render/render-blocks';
import { site } from '../model/site';
import styles from './block-gallery.module.css';

export const galleryPath = '/__blocks';

interface BlockSchema {
  description?: string;
  examples?: unknown[];
}

// The content check's Vite plugin fills the schema defaults into these examples, as it does for page documents.
const schemaModules = import.meta.glob<BlockSchema>('../../schemas/blocks/*.schema.json', { eager: true, import: 'default' });

const galleryTypes = Object.entries(schemaModules)
  .map(([file, schema]) => ({ type: file.slice(file.lastIndexOf('/') + 1, -'.schema.json'.length), schema }))
  .sort((a, b) => a.type.localeCompare(b.type));

export function mountBlockGallery(container: HTMLElement) {
  const title = 'Block gallery';
  document.title = title;
  // blog-article sets the document title to its article's; the gallery keeps its own.
  new MutationObserver(() => {
    if (document.title !== title) document.title = title;
  }).observe(document.head, { childList: true, subtree: true, characterData: true });
  createRoot(container).render(
    <StrictMode>
      <BlockGallery />
    </StrictMode>,
  );
}

export function BlockGallery() {
  return (
    <BlockEnvironment settings={site.settings} route={{ path: galleryPath, params: {} }}>
      <main className={styles.gallery}>
        <h1 className={styles.title}>Block gallery</h1>
        <p className={styles.intro}>
          Every block type rendered from the <code>examples</code> in <code>schemas/blocks/&lt;type&gt;.schema.json</code>. Dev server only.
        </p>
        <nav aria-label="Block types">
          <ul className={styles.toc}>
            {galleryTypes.map(({ type, schema }) => (
              <li key={type}>
                <a href={`#gallery-${type}`}>{type}</a> <span className={styles.count}>({schema.examples?.length ?? 0})</span>
              </li>
            ))}
          </ul>
        </nav>
        {galleryTypes.map(({ type, schema }) => (
          <section key={type} id={`gallery-${type}`} className={styles.type} aria-labelledby={`gallery-${type}-name`}>
            <header className={styles.typeHeader}>
              <h2 id={`gallery-${type}-name`} className={styles.typeName}>
                {type}
              </h2>
              <p id={`gallery-${type}-description`} className={styles.description}>{schema.description}</p>
            </header>
            {(schema.examples ?? []).map((props, i) => {
              const entry = { type, id: `${type}-example-${i + 1}`, props } as unknown as BlockEntry;
              return (
                <article key={entry.id} className={styles.example} aria-label={`${type} example ${i + 1}`}>
                  <div className={styles.stage}>
                    <ExampleRoute type={type}>
                      <BlockFrame entry={entry} />
                    </ExampleRoute>
                  </div>
                  <details className={styles.json}>
                    <summary>
                      Example {i + 1} of {schema.examples!.length}: props JSON, schema defaults filled in
                    </summary>
                    <pre>{JSON.stringify(props, null, 2)}</pre>
                  </details>
                </article>
              );
            })}
          </section>
        ))}
      </main>
    </BlockEnvironment>
  );
}

/** blog-article reads its slug from the route: give it the newest sample article rather than "not found". */
function ExampleRoute({ type, children }: { type: string; children: ReactNode }) {
  if (type !== 'blog-article') return children;
  return <WithArticleSlug>{children}</WithArticleSlug>;
}

function WithArticleSlug({ children }: { children: ReactNode }) {
  const { posts, error } = useBlogs();
  const slug = posts?.[0]?.slug;
  // Without the list (or an empty blog) the block shows its own not-found state; mounting it before the
  // slug is known would show that state first and then swap articles.
  if (!posts && !error) return <p className={styles.waiting}>Loading the blog list…</p>;
  return (
    <BlockEnvironment settings={site.settings} route={{ path: `/blogs/${slug ?? ''}`, params: slug ? { slug } : {} }}>
      {children}
    </BlockEnvironment>
  );
}
