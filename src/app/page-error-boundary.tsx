/** When a page's code or content cannot be downloaded (offline, a new deploy), say so and offer a retry. */
import { Component, type ReactNode } from 'react';

export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error('The page could not be loaded.', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="page-error container" role="alert">
        <h1>This page could not be loaded</h1>
        <p>Your connection may have dropped, or the site was updated while you were reading. Reloading usually fixes it.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </section>
    );
  }
}
