// Time zones by their current IANA names: some engines (Chromium's and Node's ICU) still report the
// old ones ("Asia/Calcutta"), which the team should never read. The renames in IANA's `backward` file
// for populated places; any other name is left as it is.

const CURRENT: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Asia/Ujung_Pandang': 'Asia/Makassar',
  'Asia/Macao': 'Asia/Macau',
  'Asia/Chongqing': 'Asia/Shanghai',
  'Asia/Chungking': 'Asia/Shanghai',
  'Asia/Harbin': 'Asia/Shanghai',
  'Asia/Tel_Aviv': 'Asia/Jerusalem',
  'Asia/Istanbul': 'Europe/Istanbul',
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Uzhgorod': 'Europe/Kyiv',
  'Europe/Zaporozhye': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Africa/Asmera': 'Africa/Asmara',
};

/**
 * What a zone's name looks like: UTC (in any case), or an area and a place ("Asia/Kolkata",
 * "America/Argentina/Buenos_Aires", "Etc/GMT+5"). Not an offset ("+05:30") nor an abbreviation ("IST").
 */
export const ZONE_NAME_PATTERN = '^(?:[Uu][Tt][Cc]|[A-Za-z][A-Za-z0-9_+-]*(?:/[A-Za-z0-9_+-]+)+)$';

/** The zone by its current name: `Asia/Calcutta` → `Asia/Kolkata`. */
export const currentZoneName = (zone: string): string => CURRENT[zone] ?? zone;

/**
 * An IANA zone by its current name ("asia/calcutta" → "Asia/Kolkata"), or undefined for anything else:
 * a name the engine's zone database does not know, an offset ("+05:30") or an abbreviation ("IST", which
 * the engine would take for India's though it is Ireland's and Israel's too). UTC is a zone.
 */
export function ianaZone(name: string): string | undefined {
  if (name.length > 64 || !new RegExp(ZONE_NAME_PATTERN).test(name)) return undefined;
  try {
    return currentZoneName(new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone);
  } catch {
    return undefined;
  }
}

/** The day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayIn(zone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (ms) => {
    // en-CA writes YYYY-MM-DD (four times as fast as taking the parts); the parts when it does not.
    const day = format.format(ms);
    if (/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
    const p = Object.fromEntries(format.formatToParts(ms).map((x) => [x.type, x.value]));
    return `${p.year.padStart(4, '0')}-${p.month}-${p.day}`;
  };
}
