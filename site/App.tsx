import type { ComponentType } from 'react';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import Experience from './pages/Experience';
import { Landing } from './pages/Landing';
import Name from './pages/Name';
import NotFound from './pages/NotFound';
import Privacy from './pages/Privacy';
import Terms from './pages/Terms';
import { useRouter } from './router';
import { routeFor, type RoutePath } from './routes';
import { useDocumentMeta } from './useDocumentMeta';

// Every page is in the main bundle (about 4 KB gzip together): a page drawn in the first
// render cannot shift the footer when its chunk arrives, and needs no second request.
const pages: Record<RoutePath, ComponentType> = {
  '/': Landing,
  '/name': Name,
  '/experience': Experience,
  '/terms': Terms,
  '/privacy': Privacy,
};

export function App() {
  const { path } = useRouter();
  const route = routeFor(path);
  useDocumentMeta(route);
  const Page = pages[route.path as RoutePath] ?? NotFound;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Page />
      </main>
      <Footer />
    </>
  );
}
