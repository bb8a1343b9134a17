/** Build-time settings, replaced by `define` in vite.widget.config.ts. */
declare const __SENTRY_DSN__: string;
declare const __WIDGETS_VERSION__: string;
