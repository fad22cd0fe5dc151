import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from './http';
import { ADMIN_USERS, PASSWORD, userEmail, VENDOR_IDS } from './setup';

const WORDS = 'the quick brown fox jumps over a lazy dog while our vendors read every line twice'.split(' ');
const between = (low: number, high: number) => low + Math.random() * (high - low);

/** How a send the user made ended, as the user saw it. */
export interface SendOutcome {
  tag: string;
  user: number;
  startedAt: number;
  endedAt: number;
  /** accepted: 200 with the send's id; refused: an error answer; unanswered: no answer at all, even after retrying. */
  kind: 'accepted' | 'refused' | 'unanswered';
  id?: number;
  status?: number;
  message?: string | null;
}

function sendBody(tag: string) {
  const html = `<html><body><h1>${tag}</h1>${'<p>Soak creative paragraph with a donation link.</p>'.repeat(40)}</body></html>`;
  return {
    selectedVendors: VENDOR_IDS,
    emailCards: [
      {
        id: 'main',
        htmlContent: html,
        filename: 'creative.html',
        subject: tag,
        senderName: 'Soak',
        endDate: '2026-12-31',
        csvContent: `link\n${VENDOR_IDS.map((id) => `https://donate.test/${tag}/?utm_source=${id}`).join('\n')}`,
        csvFileName: 'links.csv',
      },
    ],
    textCards: [],
    selectedClient: 'goa-victory',
    allVendorLinks: {
      main: Object.fromEntries(VENDOR_IDS.map((id) => [id, `https://donate.test/${tag}/?utm_source=${id}`])),
    },
    pricingModel: 'Revshare',
  };
}

/**
 * One account manager: signs in, types into a card at human speed with the send page's autosave (debounced, one
 * save at a time, retried after a failure, as src/client/lib/autosave does), edits vendors, reads the Deployment Log,
 * and sends when the run asks.
 */
export class SimulatedUser {
  private token = '';
  private typed = '';
  /** The text the server acknowledged last. */
  acknowledged = '';
  private lastKeyAt = 0;
  private lastSaveAt = 0;
  private retryAt = 0;
  private isRunning = true;
  readonly cardId: string;

  constructor(
    readonly index: number,
    private readonly request: Client,
  ) {
    this.cardId = `soak-card-${index}`;
  }

  get text() {
    return this.typed;
  }

  private auth() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** Signs in (retrying while the app is unavailable); false when the run ended first. */
  async signIn(): Promise<boolean> {
    while (this.isRunning) {
      const answer = await this.request(this.index, 'POST', '/api/login', {
        email: userEmail(this.index),
        password: PASSWORD,
      });
      if (answer.outcome === 200) {
        // The earlier session stays valid (another tab): a logout here would race this user's saves in flight.
        this.token = String((answer.body as { token: string }).token);
        return true;
      }
      await sleep(1000);
    }
    return false;
  }

  async start() {
    await this.signIn();
    const created = await this.request(
      this.index,
      'POST',
      '/api/prospecting-drafts',
      { cardId: this.cardId, cardType: 'text', cardOrder: 0 },
      this.auth(),
    );
    if (created.outcome !== 200 && created.outcome !== 201)
      throw new Error(`user ${this.index}: card not created (${created.outcome})`);
  }

  stop() {
    this.isRunning = false;
  }

  /** Waits like a person, but not past the end of the run. */
  private async pause(ms: number) {
    const until = Date.now() + ms;
    while (this.isRunning && Date.now() < until) await sleep(Math.max(0, Math.min(250, until - Date.now())));
  }

  async type() {
    while (this.isRunning) {
      const burst = Math.round(between(15, 50));
      for (let i = 0; i < burst && this.isRunning; i++) {
        const word = WORDS[Math.floor(Math.random() * WORDS.length)]!;
        this.typed += this.typed.length % 7 === 0 ? ` ${word}` : word[i % word.length];
        this.lastKeyAt = Date.now();
        await sleep(between(120, 300));
      }
      await this.pause(between(1500, 4000));
    }
  }

  /** Saves what was typed: 800 ms after the last key, at least every 3 s while typing, after a failure when told. */
  async autosave(untilSaved = false) {
    while (this.isRunning || (untilSaved && this.typed !== this.acknowledged)) {
      const now = Date.now();
      const isDue =
        this.typed !== this.acknowledged &&
        now >= this.retryAt &&
        (now - this.lastKeyAt >= 800 || now - this.lastSaveAt >= 3000);
      if (!isDue) {
        await sleep(200);
        continue;
      }
      const text = this.typed;
      this.lastSaveAt = now;
      const answer = await this.request(
        this.index,
        'PATCH',
        `/api/prospecting-drafts/${this.cardId}`,
        { textCopy: text },
        this.auth(),
      );
      if (answer.outcome === 200) this.acknowledged = text;
      else if (answer.outcome === 401) await this.signIn();
      else this.retryAt = Date.now() + (Number(answer.retryAfter) > 0 ? Number(answer.retryAfter) * 1000 : 1000);
    }
  }

  /** Everything else a user does between sends. */
  async browse() {
    while (this.isRunning) {
      await this.pause(between(4000, 12_000));
      if (!this.isRunning) return;
      const roll = Math.random();
      if (roll < 0.35) await this.request(this.index, 'GET', '/api/email-logs?limit=20', undefined, this.auth());
      else if (roll < 0.55) await this.request(this.index, 'GET', '/api/vendors', undefined, this.auth());
      else if (roll < 0.75) await this.editVendor();
      else if (roll < 0.95) await this.request(this.index, 'GET', '/api/prospecting-drafts', undefined, this.auth());
      else await this.signIn();
    }
  }

  /** Admins edit a vendor (its address and key stay: the sends check them); the others its split or UTM source. */
  private async editVendor() {
    const vendorId = VENDOR_IDS[Math.floor(Math.random() * VENDOR_IDS.length)]!;
    const variant = Math.floor(Math.random() * 1000);
    if (this.index < ADMIN_USERS) {
      const body = {
        name: `Vendor ${vendorId}`,
        emails: [`${vendorId}@vendors.test`],
        defaultUtmSource: `${vendorId}-${variant}`,
        emailProspectingKey: `KEY-${vendorId}`,
      };
      await this.request(this.index, 'PUT', `/api/vendors/${vendorId}`, body, this.auth());
    } else if (variant % 2 === 0) {
      await this.request(
        this.index,
        'POST',
        '/api/vendor-splits',
        { vendorId, splitRatio: `${50 + (variant % 30)}/${50 - (variant % 30)}` },
        this.auth(),
      );
    } else {
      await this.request(
        this.index,
        'POST',
        '/api/vendor-utm-sources',
        { vendorId, utmSource: `${vendorId}-${variant}` },
        this.auth(),
      );
    }
  }

  /** One consolidated send to the ten vendors; a send with no answer is retried with the same Idempotency-Key. */
  async send(tag: string): Promise<SendOutcome> {
    const startedAt = Date.now();
    const headers = { ...this.auth(), 'idempotency-key': randomUUID() };
    const body = sendBody(tag);
    for (let attempt = 1; ; attempt++) {
      const answer = await this.request(this.index, 'POST', '/api/send-email-consolidated', body, headers);
      const base = { tag, user: this.index, startedAt, endedAt: Date.now() };
      if (answer.outcome === 200) return { ...base, kind: 'accepted', id: (answer.body as { id: number }).id };
      if (typeof answer.outcome === 'number') {
        const message =
          answer.body && typeof answer.body === 'object' ? (answer.body as { message?: string }).message : null;
        return { ...base, kind: 'refused', status: answer.outcome, message };
      }
      if (attempt === 3) return { ...base, kind: 'unanswered' };
      await sleep(1000);
    }
  }

  /** What the server holds as the card's text; a 503 is asked again after its Retry-After, as the send page does. */
  async serverText(): Promise<string | null> {
    for (let attempt = 1; ; attempt++) {
      const answer = await this.request(this.index, 'GET', '/api/prospecting-drafts', undefined, this.auth());
      if (answer.outcome === 200)
        return (
          (answer.body as { cardId: string; textCopy: string }[]).find((card) => card.cardId === this.cardId)
            ?.textCopy ?? null
        );
      if (answer.outcome !== 503 || attempt === 5) return null;
      await sleep(Number(answer.retryAfter) > 0 ? Number(answer.retryAfter) * 1000 : 1000);
    }
  }
}
