/**
 * The site's one configuration module. Every value is a build-time setting
 * (`VITE_*` in the environment or an `.env` file; see `.env.example`) with a default.
 */
import { brand, setting } from '../ui/brand';

const env = import.meta.env;

export const config = {
  brand: {
    ...brand,
    tagline: 'AI voice and chat agents that work while you grow',
    parent: setting(env.VITE_PARENT_COMPANY, 'Aurelo Labs'),
  },
  contactEmail: setting(env.VITE_CONTACT_EMAIL, 'hello@aurelo.example'),
  dashboardUrl: setting(env.VITE_DASHBOARD_URL, 'https://app.aurelo.example'),
  bookingUrl: setting(env.VITE_BOOKING_URL, 'https://cal.aurelo.example/intro'),
  social: {
    linkedin: setting(env.VITE_LINKEDIN_URL, 'https://www.linkedin.com/company/aurelo-example'),
    instagram: setting(env.VITE_INSTAGRAM_URL, 'https://www.instagram.com/aurelo.example'),
    youtube: setting(env.VITE_YOUTUBE_URL, 'https://www.youtube.com/@aurelo-example'),
  },
  /** The address the site is published at (PUBLIC_URL, the service's too): canonical links, Open Graph, the sitemap and robots.txt name it. */
  publicUrl: setting(env.PUBLIC_URL || env.VITE_PUBLIC_URL, 'https://www.aurelo.example').replace(/\/+$/, ''),
  backendUrl: setting(env.VITE_BACKEND_URL, '/api'),
  voice: {
    publicKey: setting(env.VITE_VAPI_PUBLIC_KEY, ''),
    assistantId: setting(env.VITE_VAPI_ASSISTANT_ID, 'demo-assistant-id'),
    apiUrl: setting(env.VITE_VAPI_API_URL, 'https://api.vapi.ai'),
    /** Without a public key the hero plays the scripted demo (`simulate`) and says so: no request, no placeholder key. */
    simulate: !setting(env.VITE_VAPI_PUBLIC_KEY, ''),
  },
} as const;

export type SiteConfig = typeof config;
