import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';

interface Props {
  /** The panel's name, in the message ("The results panel failed: …"). */
  name: string;
  children: ReactNode;
}

/**
 * One panel's boundary: a panel that throws while drawing, or whose lazily loaded code fails to load, shows what
 * failed and a button to draw it again, and the rest of the page keeps working (React unmounts the whole tree on
 * an uncaught render error). It is also the panel's Suspense boundary: a lazy panel draws nothing until its code
 * is in.
 */
export class PanelBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`${this.props.name} panel:`, error.message, info.componentStack?.split('\n')[1]?.trim() ?? '');
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return <Suspense fallback={null}>{this.props.children}</Suspense>;
    return (
      <section className="card panel-failed" role="alert" data-testid="panel-failed" data-panel={this.props.name}>
        <p>
          The {this.props.name} panel failed: {error.message}
        </p>
        <button type="button" className="btn secondary small" onClick={() => this.setState({ error: null })}>
          Draw it again
        </button>
      </section>
    );
  }
}
