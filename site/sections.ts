/** The landing page's section links, in order (the header's; the footer omits Experience). */
export const SECTION_LINKS = [
  { label: 'Home', to: '#home' },
  { label: 'Solutions', to: '#solutions' },
  { label: 'About', to: '#about' },
  { label: 'Experience', to: '#experience' },
  { label: 'Contact', to: '#contact' },
] as const;

export const QUICK_LINKS = SECTION_LINKS.filter((link) => link.label !== 'Experience');
