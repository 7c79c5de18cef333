import { useCallback, useEffect, useRef, useState } from 'react';

/** Loads data through an API call; reload() fetches again. Errors are shown by the client. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[] = []) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const generation = useRef(0);
  const reload = useCallback(() => {
    const mine = ++generation.current;
    setLoading(true);
    load().then(
      (value) => {
        if (mine !== generation.current) return;
        setData(value);
        setFailed(false);
        setLoading(false);
      },
      () => {
        if (mine !== generation.current) return;
        setFailed(true);
        setLoading(false);
      },
    );
  }, deps); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    reload();
    return () => {
      generation.current++;
    };
  }, [reload]);
  return { data, loading, failed, reload, setData };
}
