import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { listenForInstallPrompt } from './lib/offline/install-prompt.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

listenForInstallPrompt();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
