import './theme/global.css';
import './boot.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AuthProvider } from './flows/AuthProvider';
import { ConfigProvider } from './flows/ConfigProvider';
import { RecaptchaProvider } from './flows/RecaptchaProvider';
import { router } from './routes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <RecaptchaProvider>
      <ConfigProvider>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </ConfigProvider>
    </RecaptchaProvider>
  </StrictMode>,
);
