import { Component, type ReactNode } from 'react';

interface Props {
  /** Rendered instead of the children once they have thrown. */
  fallback: ReactNode;
  onError: (error: unknown) => void;
  children: ReactNode;
}

/** Keeps a crashing interface from taking the whole form down (spec §8: broken extension → plain input). */
export class InterfaceBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
