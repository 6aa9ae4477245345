import type { AccessToken, TokenAccess } from '@raumregler/contract';
import type {
  AccessTokenRecord,
  AccessTokensRepository,
} from '../../platform/auth/access-tokens.js';
import type { UserRecord } from '../../platform/auth/users.js';
import type { LocalClock } from '../../platform/clock/local-time.js';
import { toOffsetIso } from '../../platform/clock/local-time.js';
import type { Audit, AuditWho } from '../audit/index.js';
import type { Commit } from '../../platform/database/group-commit.js';
import type { SignInChanged } from '../../platform/auth/sign-in-changes.js';

/** What the audit log keeps of a token (the audit page names it and its owner): never its secret. */
export const auditedToken = (token: AccessTokenRecord) => ({
  id: token.id,
  name: token.name,
  access: token.access,
  expires: token.expires,
  owner: token.owner,
});

/**
 * Creating and revoking access tokens, each with its audit entry in the same commit
 * (`token-created`, `token-revoked`; the first use is recorded by the auth plugin's commit).
 */
export function createTokenService({
  tokens,
  audit,
  commit,
  now,
  local,
  mint,
  signInChanged,
}: {
  tokens: AccessTokensRepository;
  audit: Pick<Audit, 'record'>;
  commit: Commit;
  now: () => number;
  local: LocalClock;
  mint: () => { secret: string; tokenHash: string };
  /** Inside the commit: a revoked token ends on every node (app.signInChanged). */
  signInChanged: SignInChanged;
}) {
  return {
    toWire: (token: AccessTokenRecord): AccessToken => ({
      id: token.id,
      name: token.name,
      access: token.access,
      expires: token.expires,
      created_at: toOffsetIso(local, token.createdAt),
      last_used_at: token.lastUsedAt === null ? null : toOffsetIso(local, token.lastUsedAt),
      owner: token.owner,
    }),
    /** A new token of `owner`; answers it with its secret, which exists nowhere else. */
    create: async (
      owner: UserRecord,
      fields: { name: string; access: TokenAccess; expires: string | null },
      who: AuditWho,
    ): Promise<{ token: AccessTokenRecord; secret: string }> => {
      const { secret, tokenHash } = mint();
      const token = await commit(async (tx) => {
        const id = await tokens.insert(tx, {
          ...fields,
          userId: owner.id,
          tokenHash,
          createdAt: now(),
        });
        const created = (await tokens.findById(id, tx))!;
        await audit.record(tx, {
          ...who,
          action: 'token-created',
          subject: owner.username,
          after: auditedToken(created),
        });
        return created;
      });
      return { token, secret };
    },
    /** Revokes the token; null when it is gone or was revoked before (another request). */
    revoke: (token: AccessTokenRecord, who: AuditWho): Promise<AccessTokenRecord | null> =>
      commit(async (tx) => {
        if (!(await tokens.revoke(tx, token.id, now()))) return null;
        await signInChanged(tx, token.userId);
        await audit.record(tx, {
          ...who,
          action: 'token-revoked',
          subject: token.owner,
          before: auditedToken(token),
        });
        return tokens.findById(token.id, tx);
      }),
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
