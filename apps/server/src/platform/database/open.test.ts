import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, secureDataDir } from './open.js';

// Issue 17, 8: the database (password hashes, reset tokens) was created 0644, world-readable.
const mode = (file: string) => statSync(file).mode & 0o777;
let base: string;
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('a fresh data folder', () => {
  it('is 0700, and the database with its WAL and SHM files 0600, even under umask 022', () => {
    base = mkdtempSync(path.join(tmpdir(), 'raumregler-modes-'));
    const dataDir = path.join(base, 'data');
    const file = path.join(dataDir, 'raumregler.sqlite');
    const previous = process.umask(0o022);
    try {
      const db = openDatabase(file);
      db.prepare('CREATE TABLE probe (x)').run();
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(file)).toBe(0o600);
      expect(mode(`${file}-wal`)).toBe(0o600);
      expect(mode(`${file}-shm`)).toBe(0o600);
      db.close();
    } finally {
      process.umask(previous);
    }
  });

  it('narrows a world-readable database from before to 0600', () => {
    base = mkdtempSync(path.join(tmpdir(), 'raumregler-modes-'));
    const file = path.join(base, 'old.sqlite');
    writeFileSync(file, '', { mode: 0o644 });
    openDatabase(file).close();
    expect(mode(file)).toBe(0o600);
  });
});

describe('a data folder from before', () => {
  it('is narrowed from 0755 to 0700, and its database files to 0600 (issue 31)', () => {
    base = mkdtempSync(path.join(tmpdir(), 'raumregler-modes-'));
    const dataDir = path.join(base, 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const file = path.join(dataDir, 'raumregler.sqlite');
    writeFileSync(file, '', { mode: 0o644 });
    secureDataDir(dataDir);
    openDatabase(file).close();
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
  });

  it('is created 0700 when missing', () => {
    base = mkdtempSync(path.join(tmpdir(), 'raumregler-modes-'));
    const dataDir = path.join(base, 'fresh');
    secureDataDir(dataDir);
    expect(mode(dataDir)).toBe(0o700);
  });
});

describe('an opened database', () => {
  it("keeps SQLite's own 2 MB page cache, not better-sqlite3's 16 MB (decision 47: RSS)", () => {
    base = mkdtempSync(path.join(tmpdir(), 'raumregler-cache-'));
    const db = openDatabase(path.join(base, 'cache.sqlite'));
    expect(db.pragma('cache_size', { simple: true })).toBe(-2000);
    db.close();
  });
});
