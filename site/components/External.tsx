import type { AnchorHTMLAttributes } from 'react';

/** A link that opens in a new tab, safely: no `window.opener`, no referrer. */
export function External({ children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
