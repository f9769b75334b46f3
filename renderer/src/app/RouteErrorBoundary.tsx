import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <main className="centred-column error-screen">
      <h1>{t('app.unexpectedError')}</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </main>
  );
}

interface Props {
  /** The location's key: a new location clears the error, so the other screens stay reachable. */
  location: string;
  children: ReactNode;
}

/** The screen shown when a screen fails to draw or its chunk fails to load (docs/api.md#pages). */
export class RouteErrorBoundary extends Component<Props, { error: unknown; at: string | undefined }> {
  override state = { error: undefined as unknown, at: undefined as string | undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; at: string | undefined }) {
    if (state.error !== undefined && state.at !== undefined && state.at !== props.location) {
      return { error: undefined, at: undefined };
    }
    return state.error !== undefined && state.at === undefined ? { ...state, at: props.location } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error !== undefined ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
