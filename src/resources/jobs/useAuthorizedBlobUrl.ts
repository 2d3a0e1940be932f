import { useEffect, useRef, useState } from 'react';

export interface AuthorizedBlobUrl {
  /** An object URL of the fetched file, revoked when the key changes or on unmount. */
  url: string | null;
  error: unknown;
  loading: boolean;
}

interface Loaded {
  key: string;
  url: string | null;
  error: unknown;
}

/**
 * A file that needs the bearer token (evidence photos, attachments), shown through an object URL:
 * `load` fetches it as a Blob (through the dataProvider, so the token is refreshed first), the URL
 * is made once it arrives and revoked when `key` changes or the component unmounts. `key` names
 * the file: `load` runs again only when it changes.
 */
export function useAuthorizedBlobUrl(
  key: string | null,
  load: () => Promise<Blob>,
): AuthorizedBlobUrl {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (key === null) return;
    let live = true;
    let objectUrl: string | null = null;
    loadRef.current().then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ key, url: objectUrl, error: null });
      },
      (error: unknown) => {
        if (live) setLoaded({ key, url: null, error });
      },
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key]);

  const current = key !== null && loaded?.key === key ? loaded : null;
  return {
    url: current?.url ?? null,
    error: current?.error ?? null,
    loading: key !== null && current === null,
  };
}
