import { createOTP } from '@better-auth/utils/otp';
import { APIError } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CODE_REQUIRED_MESSAGE,
  WRONG_CODE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  WRONG_WALLET_MESSAGE,
  type DeleteAccountInput,
} from '../../../shared/privacy/privacy.js';
import { account as authAccount, profileWallets, twoFactor, user as authUser } from '../../platform/db/schema/index.js';
import { TOO_MANY_LOGINS } from '../../../shared/auth/auth.js';
import { createLoginLimits } from '../auth/service.js';
import { HttpError } from '../../platform/http/errors.js';
import { acceptWalletProof } from '../wallet/service.js';

/**
 * Proves that the person at the keyboard owns the signed-in account before something that cannot
 * be undone: their password (checked against the stored hash), or a fresh signature of the wallet
 * linked to the account (the sign-in message, with a nonce spent here, as a wallet sign-in checks
 * it); and the authenticator's code when two-factor is on.
 */
export async function confirmIdentity(app: FastifyInstance, userId: string, input: DeleteAccountInput, ip: string): Promise<void> {
  const { db } = app;
  const ctx = await app.auth.$context;
  // Wrong passwords and codes here count with wrong sign-ins: a stolen session cannot guess them faster.
  const limits = createLoginLimits(db, { perAddress: app.config.loginLimitPerAddress });
  const key = `user:${userId}`;
  if (!(await limits.check(key, ip)).ok) throw new HttpError(429, 'rate_limited', TOO_MANY_LOGINS);
  const refuse = async (err: HttpError) => {
    await limits.recordFailure(key, ip);
    return err;
  };
  if (input.password !== undefined) {
    const [credential] = await db
      .select({ hash: authAccount.password })
      .from(authAccount)
      .where(and(eq(authAccount.userId, userId), eq(authAccount.providerId, 'credential')));
    const ok = !!credential?.hash && (await ctx.password.verify({ hash: credential.hash, password: input.password }));
    if (!ok) throw await refuse(new HttpError(401, 'invalid_password', WRONG_PASSWORD_MESSAGE));
  } else if (input.wallet) {
    try {
      await acceptWalletProof(db, input.wallet, 'login', new URL(app.config.publicUrl).host);
    } catch (err) {
      if (err instanceof APIError) throw new HttpError(401, 'invalid_signature', err.message);
      throw err;
    }
    const [link] = await db
      .select({ userId: profileWallets.userId })
      .from(profileWallets)
      .where(and(eq(profileWallets.walletAddress, input.wallet.walletAddress), eq(profileWallets.userId, userId)));
    if (!link) throw new HttpError(401, 'wallet_not_linked', WRONG_WALLET_MESSAGE);
  } else {
    throw new HttpError(400, 'bad_request', 'Enter your password or sign with your wallet');
  }

  const [account] = await db.select({ twoFactorEnabled: authUser.twoFactorEnabled }).from(authUser).where(eq(authUser.id, userId));
  if (!account?.twoFactorEnabled) return;
  if (!input.code) throw new HttpError(401, 'code_required', CODE_REQUIRED_MESSAGE);
  const [tf] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!tf) throw new HttpError(401, 'invalid_code', WRONG_CODE_MESSAGE);
  const secret = await symmetricDecrypt({ key: ctx.secretConfig, data: tf.secret });
  if (!(await createOTP(secret, { period: 30, digits: 6 }).verify(input.code))) throw await refuse(new HttpError(401, 'invalid_code', WRONG_CODE_MESSAGE));
}
