import { ACCESS_LEVELS, isDay, USERNAME_MAX, type Access } from '@raumregler/contract';
import { HttpError } from '../../../platform/http/error-handler.js';
import type { MemberMessageKey, MemberTranslate } from './messages.js';

// As the account calls: one @, no spaces, a dot in the domain. Delivery proves the rest.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The building's ids a scope may name; null = not known here (proxy mode: any id). */
export interface KnownIds {
  floors: Set<number>;
  rooms: Set<number>;
}

/** Reads and checks the members API's form fields, collecting one message list per field. */
export class MemberFields {
  private readonly messages: Record<string, string[]> = {};
  constructor(private readonly t: MemberTranslate) {}

  private add(name: string, key: MemberMessageKey, values?: Record<string, string>) {
    (this.messages[name] ??= []).push(this.t(key, values));
  }

  username(value: string | undefined): string {
    const name = value?.trim() ?? '';
    if (name === '') this.add('username', 'usernameRequired');
    else if (name.length > USERNAME_MAX) this.add('username', 'usernameMax');
    // The app's sign-in form takes 3 characters at least.
    else if (name.length < 3) this.add('username', 'usernameMin');
    // A colon would break Basic auth, a slash the member's path.
    else if (/[\s:/]/.test(name)) this.add('username', 'usernameFormat');
    return name;
  }

  email(value: string | undefined): string {
    const email = value?.trim() ?? '';
    if (email === '') this.add('email', 'emailRequired');
    else if (email.length > 254) this.add('email', 'emailMax');
    else if (!EMAIL.test(email)) this.add('email', 'emailFormat');
    return email;
  }

  language(value: string | undefined, fallback: 'de' | 'en'): 'de' | 'en' {
    const text = value?.trim() ?? '';
    if (text === '') return fallback;
    if (text === 'de' || text === 'en') return text;
    this.add('language', 'language');
    return fallback;
  }

  access(name: 'access_to_smart' | 'access_to_pro', value: string | undefined, fallback: Access) {
    const text = value?.trim() ?? '';
    if (text === '') return fallback;
    if ((ACCESS_LEVELS as readonly string[]).includes(text)) return text as Access;
    this.add(name, 'access');
    return fallback;
  }

  /** Comma-separated ids that exist; empty = none. */
  ids(name: 'floors' | 'rooms', value: string, known: Set<number> | null): number[] {
    const text = value.trim();
    if (text === '') return [];
    const parts = text.split(',').map((part) => part.trim());
    if (parts.some((part) => !/^\d{1,9}$/.test(part))) {
      this.add(name, 'ids');
      return [];
    }
    const ids = [...new Set(parts.map(Number))].sort((a, b) => a - b);
    const unknown = known ? ids.filter((id) => !known.has(id)) : [];
    if (unknown.length > 0) {
      this.add(name, name === 'floors' ? 'unknownFloor' : 'unknownRoom', {
        ids: unknown.slice(0, 5).join(', '),
      });
    }
    return ids;
  }

  /** `YYYY-MM-DD` or empty (none). */
  day(name: 'valid_from' | 'valid_until', value: string): string | null {
    const text = value.trim();
    if (text === '') return null;
    if (!isDay(text)) {
      this.add(name, 'day');
      return null;
    }
    return text;
  }

  order(from: string | null, until: string | null) {
    if (from && until && until < from) this.add('valid_until', 'order');
  }

  throwIfAny() {
    if (Object.keys(this.messages).length === 0) return;
    const first = Object.values(this.messages)[0]?.[0];
    throw new HttpError(400, 'validation_failed', first ?? this.t('invalid'), this.messages);
  }
}
