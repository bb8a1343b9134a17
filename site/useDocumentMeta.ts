import { useEffect } from 'react';
import { config } from './config';

/** Each route names itself: the document title and the meta description. */
export function useDocumentMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${config.brand.name}` : `${config.brand.name}: ${config.brand.tagline}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
