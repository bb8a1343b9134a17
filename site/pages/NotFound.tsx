import { Link } from '../router';

export default function NotFound() {
  return (
    <section className="section page-top not-found">
      <div className="container">
        <p className="eyebrow">404</p>
        <h1>We could not find that page</h1>
        <p className="lead">The link may be old or mistyped. Everything we offer starts from the home page.</p>
        <Link to="/" className="button button-primary button-large">
          Back to the home page
        </Link>
      </div>
    </section>
  );
}
