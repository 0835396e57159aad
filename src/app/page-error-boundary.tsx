/**
 * An error while rendering the page outside any block (each block has a boundary of its own): the dev server's page
 * says so in words rather than go blank. The build never serves such a page: it stops, naming the page (render-route.tsx).
 */
import { Component, type ReactNode } from 'react';

export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error('The page could not be rendered.', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="page-error container" role="alert">
        <h1>This page could not be shown</h1>
        <p>An error stopped it rendering; the browser console says where. Fix it, then reload the page.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </section>
    );
  }
}
