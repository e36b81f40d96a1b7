import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { BackIcon } from './icons';
import { Button } from './Button';
import catalog from '../i18n/catalog/en/common.json';
import { messages } from '../i18n/messages';

const t = messages(catalog);

/**
 * Back: the previous page of this app when there is one (react-router keeps its position in
 * history.state.idx), else `fallback`, so a link opened in a new tab still has somewhere to go.
 */
export function useGoBack(fallback = '/dashboard'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback);
  }, [navigate, fallback]);
}

/** An icon button named "Back" (or `label`) that goes back, see useGoBack. */
export function BackButton({ fallback, label = t('back') }: { fallback?: string; label?: string }) {
  const goBack = useGoBack(fallback);
  return (
    <Button variant="ghost" size="sm" aria-label={label} onPress={goBack}>
      <BackIcon width={20} height={20} />
    </Button>
  );
}
