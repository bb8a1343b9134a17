import type { ViewNode } from './view';

const SHAPES = {
  mic: [
    {
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '2',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    },
    ['rect', { x: '9', y: '2', width: '6', height: '12', rx: '3' }],
    ['path', { d: 'M5 10a7 7 0 0 0 14 0M12 17v5M8 22h8' }],
  ],
  'mic-off': [
    {
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '2',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    },
    ['rect', { x: '9', y: '2', width: '6', height: '12', rx: '3' }],
    ['path', { d: 'M5 10a7 7 0 0 0 14 0M12 17v5M8 22h8M3 3l18 18' }],
  ],
  stop: [{ fill: 'currentColor' }, ['rect', { x: '6', y: '6', width: '12', height: '12', rx: '2' }]],
  close: [
    { fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round' },
    ['path', { d: 'M6 6l12 12M18 6L6 18' }],
  ],
  check: [
    {
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '2.5',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    },
    ['path', { d: 'M5 12.5l4.5 4.5L19 7.5' }],
  ],
  chat: [
    {
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '2',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    },
    ['path', { d: 'M4 5h16v11H9l-5 4z' }],
    ['path', { d: 'M8 9.5h8M8 12.5h5' }],
  ],
  info: [
    { fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round' },
    ['circle', { cx: '12', cy: '12', r: '9' }],
    ['path', { d: 'M12 11v6M12 7.5v.5' }],
  ],
} satisfies Record<string, [Record<string, string>, ...ViewNode[]]>;

export type IconName = keyof typeof SHAPES;

/** The widgets' icons, one definition each, drawn before React and by React alike (decorative: hidden from assistive tech). */
export function icon(name: IconName, attrs: Record<string, string> = {}): ViewNode {
  const [paint, ...shapes] = SHAPES[name];
  return [
    'svg',
    { viewBox: '0 0 24 24', width: '24', height: '24', 'aria-hidden': 'true', focusable: 'false', ...paint, ...attrs },
    ...shapes,
  ];
}
