import { Component, type ReactNode } from 'react';

/**
 * Keeps the dashboard up when the charts cannot render (their chunk failed to load, an old
 * browser): the charts are a view of numbers the cards already show.
 */
export class ChartsBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
