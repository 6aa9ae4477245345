import { HttpError } from '../../platform/http/error-handler.js';
import type { MessageKey, Translate } from './messages.js';

// Deliberately plain: one @, no spaces, a dot in the domain. Delivery proves the rest.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Collects messages per field and throws one 400 with all of them. */
export class FieldErrors {
  private readonly messages: Record<string, string[]> = {};
  constructor(private readonly t: Translate) {}

  add(name: string, key: MessageKey) {
    (this.messages[name] ??= []).push(this.t(key));
  }

  email(name: string, value: string | undefined): string {
    const email = value?.trim() ?? '';
    if (email === '') this.add(name, 'emailRequired');
    else if (email.length > 254) this.add(name, 'emailMax');
    else if (!EMAIL.test(email)) this.add(name, 'emailFormat');
    return email;
  }

  newPassword(password: string | undefined, confirmation: string | undefined) {
    if (!password) this.add('password', 'passwordRequired');
    else if ([...password].length < 6) this.add('password', 'passwordMin');
    else if (password.length > 200) this.add('password', 'passwordMax');
    if (!confirmation) this.add('password_confirmation', 'confirmRequired');
    else if (password && confirmation !== password) {
      this.add('password_confirmation', 'confirmMismatch');
    }
  }

  throwIfAny() {
    if (Object.keys(this.messages).length === 0) return;
    // The first field message is the most useful single line for clients that show only one.
    const first = Object.values(this.messages)[0]?.[0];
    throw new HttpError(400, 'validation_failed', first ?? this.t('invalid'), this.messages);
  }
}
