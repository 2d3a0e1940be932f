import { useCallback, useRef } from 'react';

/**
 * Idempotency keys for money-moving submits. A submit keeps its key until it succeeds, so a
 * retry after a lost answer or a failure is the same request to the server (replayed, never
 * applied twice); a changed body is another request and gets a new key (the server refuses a
 * known key with another body). After a success, the same body again is a new, deliberate one.
 */
export function useIdempotencyKeys() {
  const keys = useRef(new Map<string, string>());
  const keyFor = useCallback((body: unknown) => {
    const id = JSON.stringify(body);
    let key = keys.current.get(id);
    if (!key) {
      key = crypto.randomUUID();
      keys.current.set(id, key);
    }
    return key;
  }, []);
  const succeeded = useCallback((body: unknown) => {
    keys.current.delete(JSON.stringify(body));
  }, []);
  return { keyFor, succeeded };
}
