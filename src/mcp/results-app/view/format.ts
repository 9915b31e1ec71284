/** Numbers and dates in the person's language, as the host reports it. */
export interface Format {
  count(value: number): string;
  percent(value: number): string;
  stat(value: number | null | undefined): string;
  signed(value: number): string;
  date(iso: string): string;
}

export function formatFor(locale: string | undefined): Format {
  const safeLocale = locale && Intl.NumberFormat.supportedLocalesOf(locale).length > 0 ? locale : undefined;
  const whole = new Intl.NumberFormat(safeLocale);
  const tenths = new Intl.NumberFormat(safeLocale, { maximumFractionDigits: 1 });
  const hundredths = new Intl.NumberFormat(safeLocale, { maximumFractionDigits: 2 });
  const signed = new Intl.NumberFormat(safeLocale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const day = new Intl.DateTimeFormat(safeLocale, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    count: (value) => whole.format(value),
    percent: (value) => `${tenths.format(value)}%`,
    stat: (value) => (value === null || value === undefined ? '–' : hundredths.format(value)),
    signed: (value) => signed.format(value),
    date: (iso) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : day.format(date);
    },
  };
}
