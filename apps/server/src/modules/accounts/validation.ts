import { newPasswordProblem, type NewPasswordProblem } from '@raumregler/contract';
import { HttpError } from '../../platform/http/error-handler.js';
import type { MessageKey, Translate } from './messages.js';

// Deliberately plain: one @, no spaces, a dot in the domain. Delivery proves the rest.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const PASSWORD_MESSAGES: Record<NewPasswordProblem, MessageKey> = {
  required: 'passwordRequired',
  min: 'passwordMin',
  max: 'passwordMax',
};

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

  /**
   * A new password and its confirmation, by the contract's one rule (6 to 50 characters, what the
   * sign-in form takes). `names` are the fields the messages belong to: `password` and
   * `password_confirmation` for registration and reset, `new_password…` for "Mein Konto".
   */
  newPassword(
    password: string | undefined,
    confirmation: string | undefined,
    names = { password: 'password', confirmation: 'password_confirmation' },
  ) {
    const problem = newPasswordProblem(password);
    if (problem) this.add(names.password, PASSWORD_MESSAGES[problem]);
    if (!confirmation) this.add(names.confirmation, 'confirmRequired');
    else if (password && confirmation !== password) {
      this.add(names.confirmation, 'confirmMismatch');
    }
  }

  throwIfAny() {
    if (Object.keys(this.messages).length === 0) return;
    // The first field message is the most useful single line for clients that show only one.
    const first = Object.values(this.messages)[0]?.[0];
    throw new HttpError(400, 'validation_failed', first ?? this.t('invalid'), this.messages);
  }
}
