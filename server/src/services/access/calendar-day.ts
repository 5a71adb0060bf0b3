/** The calendar day (YYYY-MM-DD) of `at` in the time zone `zone`: the unit of daily caps and the free allowance. */
export function calendarDay(zone: string, at: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
