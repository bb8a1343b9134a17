/** The year the site was built in: what the prerendered footer shows until the browser takes over. */
declare const __BUILD_YEAR__: number;

declare module 'virtual:demo-request-reserve.css';
