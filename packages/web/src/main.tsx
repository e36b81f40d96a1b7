import './theme/global.css';
import './boot.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from './flows/AuthProvider';
import { ConfigProvider } from './flows/ConfigProvider';
import { RecaptchaProvider } from './flows/RecaptchaProvider';
import { startLanguage } from './i18n/switchLanguage';
import { AppRoutes, preloadRoute } from './routes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

preloadRoute(window.location.pathname);

// English needs nothing loaded; Czech loads its catalogs (one chunk) before the first render.
void startLanguage().then(() =>
  createRoot(root).render(
    <StrictMode>
      <RecaptchaProvider>
        <ConfigProvider>
          <AuthProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AuthProvider>
        </ConfigProvider>
      </RecaptchaProvider>
    </StrictMode>,
  ),
);

// The service worker (src/offline/serviceWorker.ts) once the page has loaded: it never competes with the first visit.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  window.addEventListener('load', () =>
    import('./offline/serviceWorker').then((m) => m.registerServiceWorker()).catch(() => {}),
  );
