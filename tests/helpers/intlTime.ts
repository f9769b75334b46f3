/**
 * Local dates, hours and weekdays straight from Intl: the tests' oracle for the analytics' own
 * calendar code. One formatter per zone and field, made once: building an Intl.DateTimeFormat
 * costs about a millisecond, formatting with one a few microseconds, and the oracles run over
 * thousands of clicks.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, format);
  }
  return format;
}

/** 'YYYY-MM-DD' of an instant in `timeZone`. */
export function intlDate(ms: number, timeZone: string): string {
  return formatter('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/** Local hour (0–23) of an instant in `timeZone`. */
export function intlHour(ms: number, timeZone: string): number {
  return Number(formatter('en-US', timeZone, { hour: 'numeric', hourCycle: 'h23' }).format(ms));
}

/** Local weekday (0 = Sunday) of an instant in `timeZone`. */
export function intlWeekday(ms: number, timeZone: string): number {
  const name = formatter('en-US', timeZone, { weekday: 'short' }).format(ms);
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}
