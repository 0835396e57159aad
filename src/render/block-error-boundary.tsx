/** Keeps one failing block from blanking the page: the block is left out (with a notice in dev). */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import styles from './render.module.css';

interface Props {
  type: string;
  id: string | undefined;
  children: ReactNode;
}

export class BlockErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    const where = this.props.id ? `"${this.props.type}" (#${this.props.id})` : `"${this.props.type}"`;
    console.error(`The block ${where} failed to render and was left out of the page.`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (!import.meta.env.DEV) return null;
    return (
      <div role="alert" className={styles.devNotice}>
        <strong>Block “{this.props.type}” failed to render:</strong> {this.state.error.message}
        <br />
        See the browser console for the stack. Visitors do not see this notice; the block is left out for them.
      </div>
    );
  }
}
