import { config } from '../config';
import { Wordmark as Mark } from '../../ui/Wordmark';

/** The product wordmark with the site's configured name. */
export function Wordmark({ large = false }: { large?: boolean }) {
  return <Mark name={config.brand.wordmark} large={large} />;
}
