/**
 * Dev-only page at /__blocks: every block type rendered from each example in its schema, with the schema's
 * description and the example's JSON. main.tsx imports this module only when import.meta.env.DEV, so the
 * production build never contains it.
 */
import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { BlockEntry } from '../model/block-entry';
import { BlockEnvironment } from '../kit/block-environment';
import type { RouteInfo } from '../kit/route-context';
import { BlockFrame } from '../render/render-blocks';
import { serverModule } from '../render/page-loaders';
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
  document.title = 'Block gallery';
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
              <p id={`gallery-${type}-description`} className={styles.description}>
                {schema.description}
              </p>
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

/** A block whose server module names an example route (an article needs a real slug) is shown at that route rather than "not found". */
function ExampleRoute({ type, children }: { type: string; children: ReactNode }) {
  const exampleRoute = serverModule(type)?.exampleRoute;
  if (!exampleRoute) return children;
  return <AtExampleRoute exampleRoute={exampleRoute}>{children}</AtExampleRoute>;
}

type RouteFinder = NonNullable<NonNullable<ReturnType<typeof serverModule>>['exampleRoute']>;

function AtExampleRoute({ exampleRoute, children }: { exampleRoute: RouteFinder; children: ReactNode }) {
  const [route, setRoute] = useState<RouteInfo | null | undefined>(undefined);
  useEffect(() => {
    // A failure leaves the block at no route: it shows its own not-found state.
    exampleRoute({ report: (message) => console.error(message) }).then(setRoute, () => setRoute(null));
  }, [exampleRoute]);
  // Mounting the block before the route is known would show its not-found state first and then swap.
  if (route === undefined) return <p className={styles.waiting}>Loading the example's route…</p>;
  return (
    <BlockEnvironment settings={site.settings} route={route ?? { path: galleryPath, params: {} }}>
      {children}
    </BlockEnvironment>
  );
}
