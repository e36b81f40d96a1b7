import { Component, type ReactNode } from 'react';
import { ErrorScreen } from '../components/ErrorScreen';

interface Props {
  /** The current location's key: an error is cleared when the person navigates elsewhere. */
  readonly locationKey: string;
  readonly children: ReactNode;
}

interface State {
  readonly failed: boolean;
  readonly error: unknown;
  /** The location the error happened at; null until the boundary has rendered it once. */
  readonly failedAt: string | null;
}

/**
 * Errors no screen handled, including a screen chunk that cannot be fetched, end here and show the
 * "Unexpected Application Error!" page (spec section 8) instead of a blank window.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: undefined, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error, failedAt: null };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (!state.failed) return null;
    if (state.failedAt === null) return { failedAt: props.locationKey };
    return props.locationKey === state.failedAt ? null : { failed: false, error: undefined, failedAt: null };
  }

  override render() {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
