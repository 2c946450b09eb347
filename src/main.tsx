import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppStore, detectLocale } from './state/store';
import { StoreProvider } from './state/store-context';

const store = createAppStore({ locale: detectLocale(navigator.languages) });
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    </StrictMode>,
  );
}
