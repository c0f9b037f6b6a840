import { Component, type ReactNode } from 'react';

interface Props {
  /** Rendered instead of the children once they have thrown. */
  fallback: ReactNode;
  /** Told of the crash; the message it returns (the extension error) is shown above the fallback. */
  onError: (error: unknown) => string | void;
  children: ReactNode;
}

/** Keeps a crashing interface from taking the whole form down (spec §8: broken extension → plain input). */
export class InterfaceBoundary extends Component<Props, { failed: boolean; message?: string }> {
  override state: { failed: boolean; message?: string } = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    const message = this.props.onError(error);
    if (message) this.setState({ message });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        {this.state.message && (
          <p role="alert" className="octavo-field__problem">
            {this.state.message}
          </p>
        )}
        {this.props.fallback}
      </>
    );
  }
}
