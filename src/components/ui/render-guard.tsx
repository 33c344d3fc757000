import { Component, type ReactNode } from 'react';

/**
 * Keeps a part of the page that renders untrusted server data (a tool's schema, say) from taking the whole app down:
 * when it throws while rendering, `fallback(message)` is shown instead and the rest of the session goes on.
 * `resetKey` changing (another tool picked) tries again.
 */
export class RenderGuard extends Component<
  { children: ReactNode; fallback: (message: string) => ReactNode; resetKey: string },
  { error: string | null; key: string }
> {
  override state = { error: null as string | null, key: this.props.resetKey };

  static getDerivedStateFromError(err: unknown): { error: string } {
    return { error: err instanceof Error ? err.message : String(err) };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: string | null; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render(): ReactNode {
    return this.state.error === null ? this.props.children : this.props.fallback(this.state.error);
  }
}
