/** The accounts calls' wire shapes: schemas in `./schemas/accounts.ts`, types (only) here. */
export type {
  User,
  AppConfig,
  RegisterPayload,
  ForgotPasswordPayload,
  ResetPasswordPayload,
  MessageResponse,
  RegisterResponse,
} from './schemas/accounts.js';
