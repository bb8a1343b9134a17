import { Wordmark } from '../components/Wordmark';
import { config } from '../config';
import { useDocumentMeta } from '../useDocumentMeta';

/** A full-screen page showing only the product wordmark. */
export default function Name() {
  useDocumentMeta(config.brand.name, `${config.brand.name}: ${config.brand.tagline}.`);
  return (
    <section className="name-page">
      <h1>
        <Wordmark large />
      </h1>
    </section>
  );
}
