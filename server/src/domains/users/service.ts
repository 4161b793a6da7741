import { ErrorCode } from '@contract/errors';
import type { User } from '@contract/api/auth';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import type { Clock } from '../../shared/clock';
import { randomPassword, type PasswordHasher } from '../auth/passwords';
import { toUser, type AuthRepository } from '../auth/repository';
import type { UsersRepository } from './repository';

function welcomeMail(name: string, email: string, password: string, by: string): { subject: string; text: string } {
  return {
    subject: 'Your Palette Console account / 您的 Palette Console 账号',
    text: [
      `Hello ${name},`,
      '',
      `${by} created a Palette Console account for you.`,
      `Sign in with ${email} and the temporary password ${password}, then choose a password of your own under Account > Security.`,
      'If you were invited to a project, accept the invitation after signing in with the code from its mail.',
      '',
      `${name}，您好：`,
      `${by} 为您创建了 Palette Console 账号。`,
      `请使用 ${email} 和临时密码 ${password} 登录，然后在“账号 > 安全”中设置您自己的密码。`,
      '如果您收到了项目邀请，请登录后使用邀请邮件中的邀请码接受邀请。',
      '',
    ].join('\n'),
  };
}

/**
 * Accounts created by administrators: the new operator gets a temporary password by mail (the
 * configured mailer: SMTP, or the outbox of the embedded server), so an invited collaborator without
 * an account can get one without anyone reading a password aloud.
 */
export class UsersService {
  constructor(
    private readonly deps: {
      readonly auth: AuthRepository;
      readonly users: UsersRepository;
      readonly hasher: PasswordHasher;
      readonly mailer: Mailer;
      readonly clock: Clock;
    },
  ) {}

  /**
   * Creates the account (101012 for a registered email) and mails its temporary password. When the
   * mail cannot be sent the account is deleted again: nobody could sign in to it, and the
   * administrator's retry must not be refused as a duplicate.
   */
  async create(values: { email: string; name: string; role: User['role'] }, createdBy: User): Promise<User> {
    const password = randomPassword();
    const row = await this.deps.auth.insertUser({ ...values, passwordHash: await this.deps.hasher.hash(password), now: this.deps.clock() });
    if (!row) throw new AppError(ErrorCode.EmailAlreadyRegistered, { fieldErrors: { email: { key: 'validation.duplicate' } } });
    try {
      await this.deps.mailer.send({ to: row.email, ...welcomeMail(row.name, row.email, password, createdBy.name) });
    } catch (error) {
      await this.deps.users.deleteUnused(row.id);
      throw error;
    }
    return toUser(row);
  }
}
