import { lazy, Suspense, type ComponentType } from 'react';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { Landing } from './pages/Landing';
import { useRouter } from './router';

const routes: Record<string, ComponentType> = {
  '/': Landing,
  '/name': lazy(() => import('./pages/Name')),
  '/experience': lazy(() => import('./pages/Experience')),
  '/terms': lazy(() => import('./pages/Terms')),
  '/privacy': lazy(() => import('./pages/Privacy')),
};

const NotFound = lazy(() => import('./pages/NotFound'));

export function App() {
  const { path } = useRouter();
  const Page = routes[path.replace(/\/+$/, '') || '/'] ?? NotFound;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
          <Page />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
