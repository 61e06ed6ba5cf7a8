import { parseArgs } from 'node:util';
import { type PlanCode, planOrder, plans } from '@bahi/contracts';
import { DatabaseInUseError, marketDataMigrations, migrate } from '@bahi/market-data/db';
import { issueKey, revealKey } from '../accounts/api-keys.ts';
import { localSecret } from '../accounts/secrets.ts';
import { findUserByEmail, setSubscription, upsertUser } from '../accounts/users.ts';
import { serverMigrations } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../database.ts';

const usage = `Usage:
  npm run keys -- create --email EMAIL [--plan B|I|P|E] [--rate-limit N] [--months N]
      Creates the user if needed, sets the plan, issues a new key (revoking the old one) and prints it.
  npm run keys -- show --email EMAIL     Prints the user's plan and active key.
  npm run keys -- revoke --email EMAIL   Revokes the user's active key.`;

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      plan: { type: 'string', default: 'B' },
      'rate-limit': { type: 'string' },
      months: { type: 'string', default: '12' },
      help: { type: 'boolean' },
    },
  });
  const command = positionals[0];
  if (values.help || !command || !['create', 'show', 'revoke'].includes(command) || !values.email) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const plan = values.plan!.toUpperCase() as PlanCode;
  if (!planOrder.includes(plan)) throw new ConfigError(`--plan must be one of ${planOrder.join(', ')}`);
  const rateLimit = values['rate-limit'] === undefined ? null : Number(values['rate-limit']);
  if (rateLimit !== null && !(Number.isInteger(rateLimit) && rateLimit > 0)) {
    throw new ConfigError('--rate-limit must be a positive whole number (calls per minute)');
  }
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db, [marketDataMigrations, serverMigrations]);
    const secret = await localSecret(
      db,
      'api_key_encryption_key',
      process.env.API_KEY_ENCRYPTION_KEY || null,
      config.env,
    );
    if (command === 'create') {
      const [first, ...rest] = values.email!.split('@')[0]!.split(/[._-]/);
      const user = await upsertUser(db, {
        email: values.email!,
        firstName: first ?? '',
        lastName: rest.join(' '),
      });
      const months = Number(values.months);
      await setSubscription(db, user.id, {
        plan,
        billingCycle:
          plan === 'B'
            ? null
            : plans[plan].billing === 'annual'
              ? 'annual'
              : plan === 'E'
                ? 'custom'
                : 'quarterly',
        status: 'active',
        expiresAt: plan === 'B' ? null : new Date(Date.now() + months * 30 * 86_400_000),
        rateLimitPerMinute: rateLimit,
      });
      const key = await issueKey(db, user.id, secret);
      console.log(
        `${user.email} plan ${plan} (${plans[plan].name})${rateLimit ? `, ${rateLimit} calls/minute` : ''}`,
      );
      console.log(key);
    } else {
      const user = await findUserByEmail(db, values.email!);
      if (!user) throw new ConfigError(`no user with email ${values.email}`);
      if (command === 'show') {
        console.log(`${user.email} plan ${user.plan} status ${user.subscriptionStatus}`);
        console.log((await revealKey(db, user.id, secret)) ?? '(no active key)');
      } else {
        await db.query('UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
          user.id,
        ]);
        console.log(
          `revoked the active key of ${user.email} (running servers stop accepting it within 30 s)`,
        );
      }
    }
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(
    err instanceof ConfigError || err instanceof DatabaseInUseError ? `Error: ${err.message}` : err,
  );
  process.exit(1);
});
