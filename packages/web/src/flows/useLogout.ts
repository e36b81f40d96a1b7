import { useNavigate } from 'react-router';
import { noteLogout } from '../routing/access';
import { useAuth } from './AuthProvider';

/** Ends the session (token and saved error cleared) and goes to /login. */
export function useLogout(): () => void {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return () => {
    noteLogout();
    logout();
    navigate('/login', { replace: true });
  };
}
