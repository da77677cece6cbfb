import type { Attachment } from 'nodemailer';
import { makeJpeg } from './fixtures/jpeg.js';
import { makePdf } from './fixtures/pdf.js';
import { makePng, type Rgb } from './fixtures/png.js';

/** The attachment the webmail's attachment tests look for (alice's INBOX, from bob). */
export const QUARTERLY_REPORT_FILENAME = 'Kvartaliaruanne Q3.pdf';
export const QUARTERLY_REPORT_SUBJECT = 'Kvartaliaruanne Q3 – palun vaata üle';

export function quarterlyReportPdf(): Attachment {
  return {
    filename: QUARTERLY_REPORT_FILENAME,
    contentType: 'application/pdf',
    content: makePdf('Kvartaliaruanne Q3 2026', [
      'Põhinäitajad (juuli–september)',
      'Müügitulu: 1,24 mln € (+12% võrreldes Q2-ga)',
      'Uued kliendid: 18, sh Acme OÜ',
      'Kulud: 0,97 mln €, ärikasum 0,27 mln €',
      'Järgmised sammud: hinnakirja ülevaatus ja värbamine.',
    ]),
  };
}

export function invoicePdf(): Attachment {
  return {
    filename: 'Arve 2026-041 – Acme OÜ.pdf',
    contentType: 'application/pdf',
    content: makePdf('Arve nr 2026-041', [
      'Saaja: Example OÜ, Tallinn',
      'Teenus: veebilehe uuenduse 1. etapp',
      'Summa: 4 800,00 € + km 22%',
      'Maksetähtaeg: 14 päeva',
    ]),
  };
}

export function monthlyReportPdf(): Attachment {
  // Cyrillic file name; the PDF body stays Latin (standard PDF fonts have no Cyrillic).
  return {
    filename: 'Отчёт за октябрь.pdf',
    contentType: 'application/pdf',
    content: makePdf('Monthly report - October', ['Support tickets: 142 (-9%)', 'Uptime: 99.97%']),
  };
}

/** A soft gradient "screenshot" with a header bar, as a PNG. */
export function mockupPng(filename: string): Attachment {
  const png = makePng(160, 100, (x, y): Rgb => {
    if (y < 14) return [32, 64, 128];
    if (x > 12 && x < 60 && y > 24 && y < 90) return [230, 236, 245];
    return [245 - (y >> 2), 248 - (x >> 3), 252];
  });
  return { filename, contentType: 'image/png', content: png };
}

/** A blocky "photo" (sky, hills, field) as a baseline JPEG. */
export function photoJpeg(filename: string, cid?: string): Attachment {
  const jpeg = makeJpeg(96, 64, (bx, by): Rgb => {
    if (by < 3) return [110 + by * 20, 160 + by * 15, 230];
    if (by < 5) return [60 + ((bx * 13) % 40), 120, 70];
    return [170, 150 - ((bx * 7) % 30), 90];
  });
  return cid
    ? { filename, contentType: 'image/jpeg', content: jpeg, cid }
    : { filename, contentType: 'image/jpeg', content: jpeg };
}

/** A round-ish logo as a PNG, embedded inline via Content-ID. */
export function logoPng(cid: string): Attachment {
  const png = makePng(64, 64, (x, y): Rgb => {
    const d = Math.hypot(x - 32, y - 32);
    if (d < 18) return [255, 255, 255];
    if (d < 30) return [0, 122, 94];
    return [255, 255, 255];
  });
  return { filename: 'logo.png', contentType: 'image/png', content: png, cid };
}
