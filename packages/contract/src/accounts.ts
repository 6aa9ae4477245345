/** The accounts calls' wire shapes: schemas in `./schemas/accounts.ts`, types (only) here. */
export type {
  User,
  AppConfig,
  RegisterPayload,
  ForgotPasswordPayload,
  ResetPasswordPayload,
  ChangePasswordPayload,
  MessageResponse,
  RegisterResponse,
} from './schemas/accounts.js';
