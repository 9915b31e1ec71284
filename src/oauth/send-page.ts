import type { Response } from 'express';

/** Pages carry personal data and one-time form tokens: never cached. */
export function sendPage(res: Response, status: number, page: string): void {
  res.status(status).set('Cache-Control', 'no-store').type('html').send(page);
}
