import { call } from '@kitty/api';
import {
  LOGIN_FAILED,
  type LoginInput,
  PROFILE_FAILED,
  REGISTRATION_FAILED,
  type RegisterInput,
  type SessionUser,
} from '@kitty/domain/flows';
import { api } from '../api';
import type { ConfigStore } from './configStore';

export interface Session {
  user: SessionUser;
  token: string;
}

/** The requests behind the auth machine's actors. Each rejects with the client's normalised error. */
export interface AuthServices {
  login(input: LoginInput): Promise<Session>;
  register(input: RegisterInput): Promise<Session>;
  loadSession(input: { token: string }): Promise<{ user: SessionUser }>;
}

function splitToken<T extends { token: string }>({
  token,
  ...user
}: T): { token: string; user: Omit<T, 'token'> } {
  return { token, user };
}

/**
 * The real services. A stored token on app start loads the app configuration beside the profile; after a
 * sign-in or registration the AuthProvider loads it once the new token is stored (GET /config needs it:
 * asked earlier, it would answer 401 and the client would drop the brand-new token). A configuration
 * failure is kept by the store and does not stop the session.
 */
export function createAuthServices(config: ConfigStore): AuthServices {
  return {
    async login({ email, password, recaptchaToken }) {
      const { data } = await call(
        api.POST('/users/login', { body: { email, password, recaptchaToken: recaptchaToken ?? null } }),
        LOGIN_FAILED,
      );
      return splitToken(data);
    },
    async register({ email, first_name, last_name, password, passphrase, recaptchaToken }) {
      const data = await call(
        api.POST('/users/register', {
          body: {
            email,
            first_name,
            last_name,
            password,
            passphrase,
            recaptchaToken: recaptchaToken ?? null,
          },
        }),
        REGISTRATION_FAILED,
      );
      return splitToken(data);
    },
    async loadSession() {
      // The client sends the stored token itself; the input token only says there is one.
      void config.ensureLoaded();
      const { data } = await call(api.GET('/users/profile'), PROFILE_FAILED);
      return { user: data };
    },
  };
}
