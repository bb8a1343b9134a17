// One load per view: a page's data is asked for when the view opens and again only when the desk's
// "changed since" figure moves past the one the data was loaded at (the first figure the poll brings
// is the one the data was loaded at).
import { useEffect, useRef, useState } from 'react';
import { api } from './api';

export function useLoad<T>(path: string, version: string) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const loaded = useRef<{ path: string; version: string } | null>(null);

  useEffect(() => {
    const before = loaded.current;
    if (before && before.path === path && (before.version === version || before.version === '')) {
      before.version = version;
      return;
    }
    if (before?.path !== path) setData(null);
    loaded.current = { path, version };
    let current = true;
    let done = false;
    api<T>(path).then(
      (answer) => {
        done = true;
        if (!current) return;
        const stamped = (answer as { version?: unknown }).version;
        if (typeof stamped === 'string') loaded.current = { path, version: stamped };
        setData(answer);
        setError('');
      },
      (err: Error) => {
        done = true;
        if (current) setError(err.message);
      },
    );
    return () => {
      current = false;
      // Left before the answer came: the next run asks again.
      if (!done) loaded.current = before;
    };
  }, [path, version]);

  return { data, error, setData };
}
