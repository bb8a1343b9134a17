// Shared by the site and the desk: the product's wordmark, a sound-wave mark and the name it is given.

export function Wordmark({ name, large = false }: { name: string; large?: boolean }) {
  return (
    <span className={large ? 'wordmark wordmark-large' : 'wordmark'}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="wordmark-mark">
        <rect width="32" height="32" rx="9" fill="currentColor" />
        <path d="M9 13v6M13 9v14M17 12v8M21 8v16M25 14v4" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      <span className="wordmark-text">{name}</span>
    </span>
  );
}
