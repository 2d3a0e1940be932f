import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * "Returns to the previous page" (spec §2): one step back in the history when this app put a page
 * there, otherwise (a bookmarked or reloaded page) to `fallback`.
 */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
