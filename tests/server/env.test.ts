import { describe, expect, it } from 'vitest';
import { ConfigError, defaultDataDir, loadConfig } from '../../server/src/env';
import { GOOGLE_PUSH_CERTS_URL } from '../../server/src/domains/commerce/stores/google';
import { OWASP_ARGON2ID, PasswordHasher, randomPassword, randomVerificationCode, PASSWORD_RULE } from '../../server/src/domains/auth/passwords';

function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ HOME: '/home/ada' });
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      databaseUrl: undefined,
      adminEmail: 'admin@palette.local',
      adminPassword: undefined,
      smtpUrl: undefined,
      sessionIdleMinutes: 720,
      sessionMaxHours: 168,
      logLevel: 'info',
      webhookPrivateAddresses: 'refuse',
    });
  });

  it('limits the delivery API per client address, under a per-key ceiling well above it (DELIVERY_ADDRESS_RATE, DELIVERY_KEY_RATE)', () => {
    expect(loadConfig({}).deliveryRateLimits).toEqual({ perSecond: 50_000, burst: 100_000, addressPerSecond: 50, addressBurst: 100 });
    expect(loadConfig({ DELIVERY_ADDRESS_RATE: '200', DELIVERY_KEY_RATE: '1000' }).deliveryRateLimits).toEqual({ perSecond: 1_000, burst: 2_000, addressPerSecond: 200, addressBurst: 400 });
    expect(refusal({ DELIVERY_ADDRESS_RATE: '0' }).variable).toBe('DELIVERY_ADDRESS_RATE');
  });

  it('lets webhooks reach private addresses only when told to', () => {
    expect(loadConfig({ WEBHOOK_PRIVATE_ADDRESSES: 'allow' }).webhookPrivateAddresses).toBe('allow');
    expect(loadConfig({ WEBHOOK_PRIVATE_ADDRESSES: 'refuse' }).webhookPrivateAddresses).toBe('refuse');
    expect(loadConfig({ WEBHOOK_PRIVATE_ADDRESSES: '' }).webhookPrivateAddresses).toBe('refuse');
  });

  it('reads every variable, treating empty strings as unset', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/palette',
      DATABASE_URL: 'postgres://u:p@db:5432/palette',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'Secret1234',
      SMTP_URL: 'smtps://u:p@mail:465',
      MAIL_FROM: 'Console <c@example.com>',
      SESSION_IDLE_MINUTES: '15',
      SESSION_MAX_HOURS: '8',
      LOG_LEVEL: 'warn',
      TRUST_PROXY_HOPS: '',
    });
    expect(config).toMatchObject({ port: 0, dataDir: '/var/lib/palette', adminEmail: 'boss@example.com', sessionIdleMinutes: 15, trustProxyHops: 0 });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://db/palette'],
    ['DATABASE_URL', 'not a url'],
    ['ADMIN_EMAIL', 'nobody'],
    ['ADMIN_PASSWORD', 'short'],
    ['SMTP_URL', 'http://mail'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['SESSION_MAX_HOURS', 'forever'],
    ['LOG_LEVEL', 'loud'],
    ['CREDENTIALS_KEY', 'c2hvcnQ='],
    ['CONSOLE_URL', 'ftp://console'],
    ['DEMO_DATA', 'yes'],
    ['WEBHOOK_PRIVATE_ADDRESSES', 'yes'],
    ['WEBHOOK_PRIVATE_ADDRESSES', 'ALLOW'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    const error = refusal({ [name]: value });
    expect(error.variable).toBe(name);
    expect(error.message).toContain(name);
  });

  it('makes demo data by default for the embedded PGlite only, and takes the credentials key', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/palette' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/palette', DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ CREDENTIALS_KEY: key, CONSOLE_URL: 'https://console.example' })).toMatchObject({ credentialsKey: key, consoleUrl: 'https://console.example' });
  });

  it('reads Google’s push token keys from Google unless GOOGLE_PUSH_CERTS_URL moves them', () => {
    expect(loadConfig({}).stores.googlePushCertsUrl).toBeUndefined();
    expect(GOOGLE_PUSH_CERTS_URL).toBe('https://www.googleapis.com/oauth2/v1/certs');
    expect(loadConfig({ GOOGLE_PUSH_CERTS_URL: 'http://127.0.0.1:9/certs' }).stores.googlePushCertsUrl).toBe('http://127.0.0.1:9/certs');
    expect(refusal({ GOOGLE_PUSH_CERTS_URL: 'ftp://example.com/certs' }).variable).toBe('GOOGLE_PUSH_CERTS_URL');
  });

  it('places the PGlite directory in each OS’s user data folder', () => {
    expect(defaultDataDir({}, 'linux', '/home/ada')).toBe('/home/ada/.local/share/palette-console/data');
    expect(defaultDataDir({ XDG_DATA_HOME: '/xdg' }, 'linux', '/home/ada')).toBe('/xdg/palette-console/data');
    expect(defaultDataDir({}, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Application Support/Palette Console/data');
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ada')).toMatch(/Roaming.Palette Console.data$/);
  });
});

describe('secrets', () => {
  it('hashes with Argon2id at OWASP cost by default', async () => {
    const hash = await new PasswordHasher().hash('Passw0rd42');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(OWASP_ARGON2ID.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(await new PasswordHasher().verify(hash, 'Passw0rd42')).toBe(true);
    expect(await new PasswordHasher().verify('not a hash', 'Passw0rd42')).toBe(false);
  });

  it('generates passwords that follow the rule and six-digit codes', () => {
    for (let i = 0; i < 200; i += 1) {
      expect(randomPassword()).toMatch(PASSWORD_RULE);
      expect(randomVerificationCode()).toMatch(/^\d{6}$/);
    }
  });
});
