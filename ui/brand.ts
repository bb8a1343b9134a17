// The brand as the site and the desk show it: build-time settings (VITE_BRAND_NAME, VITE_BRAND_WORDMARK)
// with the defaults of `.env.example`.
const env = import.meta.env;

/** A build-time setting, trimmed, or its default when unset or blank. */
export const setting = (value: string | undefined, fallback: string) =>
  value && value.trim() ? value.trim() : fallback;

export const brand = {
  name: setting(env.VITE_BRAND_NAME, 'Aurelo'),
  wordmark: setting(env.VITE_BRAND_WORDMARK, 'aurelo'),
};
