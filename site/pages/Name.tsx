import { Wordmark } from '../../ui/Wordmark';

/** A full-screen page showing only the product wordmark. */
export default function Name() {
  return (
    <section className="name-page">
      <h1>
        <Wordmark large />
      </h1>
    </section>
  );
}
