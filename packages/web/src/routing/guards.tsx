import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingText } from '../components/Spinner';
import { useAuth } from '../flows/AuthProvider';
import { protectedAccess, publicAccess } from './access';
import catalog from '../i18n/catalog/en/common.json';
import { messages } from '../i18n/messages';

const t = messages(catalog);

/** Layout route around every screen that needs sign-in. */
export function RequireAuth() {
  const { phase } = useAuth();
  const location = useLocation();
  const access = protectedAccess(phase, location);
  if (access.kind === 'wait') return <LoadingText centered>{t('loading')}</LoadingText>;
  if (access.kind === 'redirect') return <Navigate to={access.to} state={access.state} replace />;
  return <Outlet />;
}

/** Layout route around /login and /register: a signed-in person is sent on. */
export function PublicOnly() {
  const { phase } = useAuth();
  const location = useLocation();
  const access = publicAccess(phase, location.state);
  if (access.kind === 'wait') return <LoadingText centered>{t('loading')}</LoadingText>;
  if (access.kind === 'redirect') return <Navigate to={access.to} replace />;
  return <Outlet />;
}
