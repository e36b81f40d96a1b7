import type { ShellHandle } from '../components/AppShell';

/** What a route's `handle` may carry. */
export interface RouteHandle extends ShellHandle {
  /** The screen's name, used by the Coming soon placeholder (and the document title). */
  title?: string;
}
