import { Button } from '../../components/Button';

/** Loads a screen's call again; spins while a reload runs over data already shown. */
export function RefreshButton({ load }: { load: { reload: () => void; loading: boolean; data: unknown } }) {
  return (
    <Button icon="refresh" onClick={load.reload} loading={load.loading && load.data !== undefined}>
      Refresh
    </Button>
  );
}
