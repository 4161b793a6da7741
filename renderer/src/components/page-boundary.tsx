import { Component, type ErrorInfo, type ReactNode } from 'react';
import { StatusScreen } from './status-screen';
import { ChunkErrorScreen } from './chunk-error-screen';
import { ChunkLoadError, retryFailedPages } from './lazy-page';

interface PageBoundaryProps {
  /** A change (the location) clears a shown error: navigating away leaves the error behind. */
  readonly resetKey: string;
  readonly children: ReactNode;
}

interface PageBoundaryState {
  readonly error: unknown;
  readonly resetKey: string;
}

/**
 * Keeps a failing page inside the frame: a chunk that did not load (or timed out) offers a retry
 * of the load, anything else the 500 screen with a retry of the render. The header and menu stay
 * usable either way.
 */
export class PageBoundary extends Component<PageBoundaryProps, PageBoundaryState> {
  override state: PageBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<PageBoundaryState> {
    return { error: error ?? new Error('Unknown render error') };
  }

  static getDerivedStateFromProps(props: PageBoundaryProps, state: PageBoundaryState): Partial<PageBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  private readonly retry = (): void => {
    retryFailedPages();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error instanceof ChunkLoadError) return <ChunkErrorScreen reason={error.reason} onRetry={this.retry} />;
    return <StatusScreen kind="serverError" onRetry={this.retry} />;
  }
}
