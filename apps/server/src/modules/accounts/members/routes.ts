import {
  INVITATION_VALID_DAYS,
  managesBuilding,
  type Member,
  type MemberPayload,
  type MemberResponse,
  type MembersResponse,
} from '@raumregler/contract';
import {
  ChangeMemberBodySchema,
  CreateMemberBodySchema,
  MemberResponseSchema,
  MembersResponseSchema,
} from '@raumregler/contract/schemas';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
} from 'fastify';
import { holderOf } from '../../../platform/auth/permissions.js';
import { isUniqueViolation, type UserRecord } from '../../../platform/auth/users.js';
import type { Tx } from '../../../platform/database/schema.js';
import { toOffsetIso } from '../../../platform/clock/local-time.js';
import { HttpError } from '../../../platform/http/error-handler.js';
import { requestSource, type AuditWho } from '../../audit/index.js';
import { field } from '../body.js';
import { LastBuildingManagerError, LastManagerError } from '../service.js';
import { newResetToken, tokenDigest } from '../tokens.js';
import { MemberFields, type KnownIds } from './fields.js';
import { invitationMail } from './invitation-mail.js';
import { memberMessagesFor, type MemberTranslate } from './messages.js';

/** No scrypt hash: nobody signs in with it until the invitation link sets a password. */
export const NO_PASSWORD = '!invited';

const DAY_MS = 24 * 60 * 60_000;

/** Where invitation links point: PUBLIC_URL, else this server on localhost. */
function publicOrigin(app: FastifyInstance) {
  if (app.accounts.publicUrl) return app.accounts.publicUrl;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 8080;
  return `http://localhost:${port}`;
}

/** The web app's page where a new member sets their password. */
export function invitationLink(origin: string, token: string, email: string, username: string) {
  const query = new URLSearchParams({ token, email, user: username });
  return `${origin}/re/home/auth/invitation?${query.toString()}`;
}

/**
 * The members API (issue 34, device-api.md "Members"), under `/api`: building-wide managers list,
 * add (and invite), change, remove and invite again the building's users.
 */
const memberRoutes: FastifyPluginAsync = async (app) => {
  // The request's building's users (their access there) and the changes of its members.
  const usersOf = (request: FastifyRequest) => app.accounts.usersOf(request.house);
  const changesOf = (request: FastifyRequest) => app.accounts.changesOf(request.house);

  const toMember = (user: UserRecord, lastSignIn: number | null | undefined): Member => ({
    username: user.username,
    email: user.email,
    language: user.language,
    access_to_smart: user.accessSmart,
    access_to_pro: user.accessPro,
    floors: [...user.floors],
    rooms: [...user.rooms],
    valid_from: user.validFrom,
    valid_until: user.validUntil,
    last_sign_in: lastSignIn == null ? null : toOffsetIso(app.clock.local, lastSignIn),
  });
  const memberOf = async (user: UserRecord) =>
    toMember(user, (await app.repos.users.lastSignIns()).get(user.id));

  /** The building's floor and room ids; null in proxy mode (no simulated building to ask). */
  const knownIds = (request: FastifyRequest): KnownIds | null => {
    const { building } = request.house;
    if (!building || building.listFloors().length === 0) return null;
    return {
      floors: new Set(building.listFloors().map((floor) => floor.id)),
      rooms: new Set(building.listRooms().map((room) => room.id)),
    };
  };

  const who = (request: FastifyRequest): AuditWho => ({
    user: request.user!.username,
    source: requestSource(request),
  });

  /** Only building-wide managers (manage without a scope, valid today); a 403 for others. */
  const manager = (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
    if (request.user && managesBuilding(holderOf(request.user), app.today())) done();
    else done(new HttpError(403, 'forbidden', memberMessagesFor(request)('forbidden')));
  };
  // Passwords only: no access token manages members (decision 0080).
  const preHandler = [app.authenticate, app.refuseTokens('members'), manager];

  const existing = async (request: FastifyRequest, t: MemberTranslate) => {
    const { username } = request.params as { username: string };
    const user = username.length <= 200 ? await usersOf(request).findByUsername(username) : null;
    // A user of another building only is not this building's member: not found here.
    if (!user?.member) throw new HttpError(404, 'not_found', t('notFound'));
    return user;
  };

  const conflict = (t: MemberTranslate, error: unknown): never => {
    if (error instanceof LastBuildingManagerError || error instanceof LastManagerError) {
      throw new HttpError(409, 'conflict', t('lastManager'));
    }
    throw error;
  };

  /** A new invitation token (older ones void), stored hashed inside the caller's commit. */
  const newInvitation = async (tx: Tx, userId: number) => {
    const token = newResetToken();
    const now = app.clock.now();
    await app.accounts.resetTokens.voidAll(tx, userId, 'invitation', now);
    await app.accounts.resetTokens.create(
      tx,
      userId,
      tokenDigest(token),
      now + INVITATION_VALID_DAYS * DAY_MS,
      now,
      'invitation',
    );
    return token;
  };

  /** Sends the mail after the answer; a failure is logged (the manager can invite again). */
  const mail = (user: UserRecord, token: string, log: FastifyBaseLogger) => {
    const link = invitationLink(publicOrigin(app), token, user.email, user.username);
    app.mailer
      .send(invitationMail(user.email, user.username, link, INVITATION_VALID_DAYS, user.language))
      .then(
        (delivery) => {
          if (delivery.via === 'file')
            log.info({ file: delivery.file }, 'invitation written to a file');
          else log.info({ userId: user.id }, 'invitation sent');
        },
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          log.error({ userId: user.id, reason }, 'invitation could not be sent');
        },
      );
  };

  const text = (request: FastifyRequest, name: Extract<keyof MemberPayload, string>) =>
    field<MemberPayload>(request, name);

  /** The description of a members route (decision 82); every answer is the contract's shape. */
  const route = (
    summary: string,
    answer: object,
    extra: { body?: object; status?: number; errors?: number[] } = {},
  ) => ({
    preHandler,
    config: {
      docs: {
        summary,
        tags: ['members'],
        ...(extra.body ? { form: extra.body } : {}),
        errors: extra.errors ?? [],
      },
    },
    schema: { response: { [extra.status ?? 200]: answer } },
  });

  app.get(
    '/members/',
    route('Every member (building-wide managers)', MembersResponseSchema),
    async (request): Promise<MembersResponse> => {
      const signIns = await app.repos.users.lastSignIns();
      const members = await usersOf(request).list();
      return { members: members.map((user) => toMember(user, signIns.get(user.id))) };
    },
  );

  app.get(
    '/members/:username/',
    route('One member', MemberResponseSchema, { errors: [404] }),
    async (request): Promise<MemberResponse> => {
      return { member: await memberOf(await existing(request, memberMessagesFor(request))) };
    },
  );

  app.post(
    '/members/',
    route('Add a member and mail the invitation', MemberResponseSchema, {
      body: CreateMemberBodySchema,
      status: 201,
      errors: [409],
    }),
    async (request, reply): Promise<MemberResponse> => {
      const t = memberMessagesFor(request);
      const fields = new MemberFields(t);
      const known = knownIds(request);
      const username = fields.username(text(request, 'username'));
      const email = fields.email(text(request, 'email'));
      const language = fields.language(text(request, 'language'), 'de');
      const accessSmart = fields.access(
        'access_to_smart',
        text(request, 'access_to_smart'),
        'no-access',
      );
      const accessPro = fields.access('access_to_pro', text(request, 'access_to_pro'), 'no-access');
      const floors = fields.ids('floors', text(request, 'floors') ?? '', known?.floors ?? null);
      const rooms = fields.ids('rooms', text(request, 'rooms') ?? '', known?.rooms ?? null);
      const validFrom = fields.day('valid_from', text(request, 'valid_from') ?? '');
      const validUntil = fields.day('valid_until', text(request, 'valid_until') ?? '');
      fields.order(validFrom, validUntil);
      fields.throwIfAny();
      const users = usersOf(request);
      if (await users.findByUsername(username)) {
        throw new HttpError(409, 'conflict', t('usernameTaken'));
      }
      if (await users.findByEmail(email)) throw new HttpError(409, 'conflict', t('emailTaken'));

      let token = '';
      let id: number;
      try {
        id = await changesOf(request).invite(
          {
            username,
            email,
            passwordHash: NO_PASSWORD,
            firstName: '',
            lastName: '',
            accessSmart,
            accessPro,
            language,
            floors,
            rooms,
            validFrom,
            validUntil,
          },
          who(request),
          async (tx, newId) => {
            token = await newInvitation(tx, newId);
          },
        );
      } catch (error: unknown) {
        // Another request took the name or address between the check and the commit.
        if (isUniqueViolation(error)) {
          throw new HttpError(409, 'conflict', t('usernameTaken'));
        }
        throw error;
      }
      const user = (await users.findById(id))!;
      mail(user, token, request.log);
      reply.code(201);
      return { member: await memberOf(user) };
    },
  );

  app.patch(
    '/members/:username/',
    route('Change a member (only the fields sent)', MemberResponseSchema, {
      body: ChangeMemberBodySchema,
      errors: [404, 409],
    }),
    async (request): Promise<MemberResponse> => {
      const t = memberMessagesFor(request);
      const user = await existing(request, t);
      const fields = new MemberFields(t);
      const known = knownIds(request);
      const given = (name: Extract<keyof MemberPayload, string>) => text(request, name);
      const email = given('email') === undefined ? user.email : fields.email(given('email'));
      const language = fields.language(given('language'), user.language);
      const accessSmart = fields.access(
        'access_to_smart',
        given('access_to_smart'),
        user.accessSmart,
      );
      const accessPro = fields.access('access_to_pro', given('access_to_pro'), user.accessPro);
      const floorsText = given('floors');
      const roomsText = given('rooms');
      const floors =
        floorsText === undefined
          ? user.floors
          : fields.ids('floors', floorsText, known?.floors ?? null);
      const rooms =
        roomsText === undefined ? user.rooms : fields.ids('rooms', roomsText, known?.rooms ?? null);
      const fromText = given('valid_from');
      const untilText = given('valid_until');
      const validFrom =
        fromText === undefined ? user.validFrom : fields.day('valid_from', fromText);
      const validUntil =
        untilText === undefined ? user.validUntil : fields.day('valid_until', untilText);
      fields.order(validFrom, validUntil);
      fields.throwIfAny();
      // The account is everyone's (issue 37): a manager of one building must not change the
      // address another building's member signs in and resets their password with.
      const emailChanged = email.toLowerCase() !== user.email.toLowerCase();
      const elsewhere = [...user.houses.keys()].some((id) => id !== request.house.id);
      if (elsewhere && (emailChanged || language !== user.language)) {
        throw new HttpError(409, 'conflict', t('sharedAccount'));
      }
      if (emailChanged) {
        const other = await app.repos.users.findByEmail(email);
        if (other && other.id !== user.id) throw new HttpError(409, 'conflict', t('emailTaken'));
      }
      const changed = await changesOf(request)
        .changeMember(
          user,
          { email, language, accessSmart, accessPro, floors, rooms, validFrom, validUntil },
          who(request),
        )
        .catch((error: unknown) => conflict(t, error));
      if (!changed) throw new HttpError(404, 'not_found', t('notFound'));
      return { member: await memberOf(changed) };
    },
  );

  app.delete(
    '/members/:username/',
    route('Remove a member', MemberResponseSchema, { errors: [404, 409] }),
    async (request): Promise<MemberResponse> => {
      const t = memberMessagesFor(request);
      const user = await existing(request, t);
      const member = await memberOf(user);
      await changesOf(request)
        .remove(user, who(request))
        .catch((error: unknown) => conflict(t, error));
      return { member };
    },
  );

  app.post(
    '/members/:username/invite',
    route('Send the invitation again (older links stop working)', MemberResponseSchema, {
      errors: [404],
    }),
    async (request): Promise<MemberResponse> => {
      const t = memberMessagesFor(request);
      const user = await existing(request, t);
      let token = '';
      await changesOf(request).reinvite(user, who(request), async (tx) => {
        token = await newInvitation(tx, user.id);
      });
      mail(user, token, request.log);
      return { member: await memberOf(user) };
    },
  );
};

export default memberRoutes;
