import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { startFirstRequests } from './app/start-requests';
import { initialLocale, loadCatalog, loadedCatalog } from './lib/i18n';
import './styles.css';

const queryClient = createQueryClient();
startFirstRequests(queryClient);

/** The first render runs as a transition: React renders in slices and keeps the page responsive. */
function render() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

// English starts only once its catalogue is here (index.html's boot script preloads it), so
// nobody sees German first.
const locale = initialLocale();
if (loadedCatalog(locale)) render();
else void loadCatalog(locale).finally(render);
