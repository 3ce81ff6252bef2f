import { describe, expect, test } from 'bun:test';
import { parseConfig } from './config.ts';

describe('parseConfig', () => {
  test('defaults: port 3000 on all interfaces, 12 h idle, 7 day sessions, demo data on, no proxy', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      seedDemo: true,
      trustProxy: false,
      publicOrigin: undefined,
      sessionIdleSeconds: 12 * 3600,
      sessionAbsoluteSeconds: 7 * 86400,
    });
    expect(config.connection.databaseUrl).toBeUndefined();
    expect(config.webDistDir).toMatch(/web[/\\]dist$/);
  });

  test('DATABASE_POOL_SIZE sets the connections to PostgreSQL (10 unless given); nonsense is refused', () => {
    expect(parseConfig({}).connection.maxConnections).toBe(10);
    expect(parseConfig({ DATABASE_POOL_SIZE: '4' }).connection.maxConnections).toBe(4);
    expect(() => parseConfig({ DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE must be at least 1');
    expect(() => parseConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow('DATABASE_POOL_SIZE');
  });

  test('SEED_DEMO=0 turns demo data off; anything else leaves it on', () => {
    expect(parseConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(parseConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  test('TRUST_PROXY accepts 1/0/true/false and nothing else', () => {
    expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(() => parseConfig({ TRUST_PROXY: 'yes please' })).toThrow(
      'TRUST_PROXY must be 1, 0, true or false',
    );
  });

  test('PUBLIC_ORIGIN is reduced to an origin; a non-URL is refused', () => {
    expect(parseConfig({ PUBLIC_ORIGIN: 'https://parstock.example.com/some/path' }).publicOrigin).toBe(
      'https://parstock.example.com',
    );
    expect(() => parseConfig({ PUBLIC_ORIGIN: 'parstock.example.com' })).toThrow(
      'PUBLIC_ORIGIN must be an origin',
    );
  });

  test('a bad value names the variable', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(
      'Invalid configuration: PORT: PORT must be a number',
    );
    expect(() => parseConfig({ PORT: '70000' })).toThrow('PORT must be between 0 and 65535');
    expect(() => parseConfig({ NODE_ENV: 'staging' })).toThrow(
      'NODE_ENV must be development, production or test',
    );
    expect(() => parseConfig({ SESSION_IDLE_HOURS: '-1' })).toThrow(
      'SESSION_IDLE_HOURS must be greater than 0',
    );
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      'DATABASE_URL must start with postgres://',
    );
    expect(() => parseConfig({ PORT: '' })).toThrow('PORT is set but empty');
    expect(() => parseConfig({ PORT: '  ' })).toThrow('PORT is set but empty');
    expect(parseConfig({}).port).toBe(3000);
    expect(parseConfig({ PORT: '0' }).port).toBe(0);
    expect(parseConfig({ PORT: ' 8080 ' }).port).toBe(8080);
  });

  test('a DATABASE_URL that is no URL is refused without its password in the message', () => {
    for (const url of [
      'postgres://postgres:p#SECRETw@localhost:55432/db',
      'postgres://postgres:SECRET/x@localhost/db',
      'postgres://postgres:%zzSECRET@localhost/db',
    ]) {
      let message = '';
      try {
        parseConfig({ DATABASE_URL: url });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain('DATABASE_URL is not a valid URL');
      expect(message).not.toContain('SECRET');
    }
    expect(
      parseConfig({ DATABASE_URL: 'postgres://u:p%23ss@db.example.com:5432/parstock' }).connection
        .databaseUrl,
    ).toBe('postgres://u:p%23ss@db.example.com:5432/parstock');
  });

  test('session lifetimes may be fractional hours and days', () => {
    const config = parseConfig({ SESSION_IDLE_HOURS: '0.5', SESSION_ABSOLUTE_DAYS: '1.5' });
    expect(config.sessionIdleSeconds).toBe(1800);
    expect(config.sessionAbsoluteSeconds).toBe(129600);
  });
});

describe('Square settings', () => {
  test('the embedded demo database with nothing set uses the Square demo simulator', () => {
    expect(parseConfig({}).square).toEqual({ mode: 'demo' });
  });

  test('a PostgreSQL server without a token leaves Square off', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://db/parstock' }).square).toEqual({ mode: 'off' });
    expect(parseConfig({ SEED_DEMO: '0' }).square).toEqual({ mode: 'off' });
  });

  test('a token connects to Square, production unless told otherwise; SQUARE_BASE_URL overrides', () => {
    const production = parseConfig({ SQUARE_ACCESS_TOKEN: 'EAAA-secret' }).square;
    expect(production).toMatchObject({ mode: 'account', environment: 'production', baseUrl: undefined });
    const local = parseConfig({
      SQUARE_ACCESS_TOKEN: 'EAAA-secret',
      SQUARE_ENVIRONMENT: 'sandbox',
      SQUARE_BASE_URL: 'http://127.0.0.1:4010/',
    }).square;
    expect(local).toMatchObject({
      mode: 'account',
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:4010',
    });
  });

  test('the token never shows up in text made of the configuration', () => {
    const config = parseConfig({ SQUARE_ACCESS_TOKEN: 'EAAA-secret' });
    expect(JSON.stringify(config)).not.toContain('EAAA-secret');
    expect(Bun.inspect(config)).not.toContain('EAAA-secret');
    expect(`${config.square.mode === 'account' ? config.square.token : ''}`).not.toContain('EAAA-secret');
  });

  test('bad values stop start-up naming the variable', () => {
    expect(() => parseConfig({ SQUARE_ACCESS_TOKEN: 'x', SQUARE_ENVIRONMENT: 'staging' })).toThrow(
      'SQUARE_ENVIRONMENT: SQUARE_ENVIRONMENT must be sandbox or production',
    );
    expect(() => parseConfig({ SQUARE_ACCESS_TOKEN: 'x', SQUARE_BASE_URL: 'connect.squareup.com' })).toThrow(
      'SQUARE_BASE_URL must be an http(s) URL',
    );
    expect(() => parseConfig({ SQUARE_ACCESS_TOKEN: 'two words' })).toThrow(
      'SQUARE_ACCESS_TOKEN must not contain spaces',
    );
    expect(() => parseConfig({ SQUARE_BASE_URL: 'http://127.0.0.1:4010' })).toThrow(
      'SQUARE_BASE_URL: is set but SQUARE_ACCESS_TOKEN is not',
    );
  });
});
