import { formatListDate } from '../shared/format/format-date';

/**
 * The browser loads its number and date data the first time a formatter is made: ~15 ms on a desktop, four times
 * that on a phone, and a few more for the second kind. The first render made them (the list's count, its rows'
 * dates) inside one of its slices; made here, each in a task of its own while the start waits for the network,
 * neither is part of the render. The date formatter is the list's own (`formatListDate` keeps it).
 */
export function warmLocaleData(language: string): void {
  setTimeout(() => {
    new Intl.NumberFormat(language).format(0);
    setTimeout(() => formatListDate(new Date(), language));
  });
}
