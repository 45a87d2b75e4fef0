import { useState } from 'preact/hooks';

/** One API action of a page: whether it runs, its last problem, and `run` to start it. */
export function useRequest() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const run = async (work: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (problem) {
      setError(problem);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
