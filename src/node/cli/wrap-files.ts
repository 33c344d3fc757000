/**
 * The file side of `wrap` and `unwrap`: reading a config as exact bytes, writing it atomically, and the backup.
 *
 * Backup rule: `<file>.mrtr-backup` holds the file, byte for byte, as it was before the first wrap that changed it;
 * it is written only when the file has no wrapped entry yet (or when there is no backup at all), so a second wrap never
 * overwrites it, and the next wrap after an unwrap takes the file as it is then.
 * `<file>.mrtr-backup.sha256` records the file as the last wrap left it, and only while restoring the backup would
 * lose nothing: `unwrap` restores the backup when the file still matches that record, and otherwise un-wraps in place.
 */
import { createHash, randomBytes } from 'node:crypto';
import { open, readFile, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface ConfigFile {
  /** the file written to: the real path when the config is a symlink (a dotfiles link stays a link) */
  path: string;
  bytes: Buffer;
  /** the text after a UTF-8 byte order mark, if any */
  text: string;
  bom: boolean;
}

export type ReadConfig = { ok: true; file: ConfigFile } | { ok: false; problem: string };

/** An fs error in words a user acts on. */
export function describeError(err: unknown): string {
  const e = err as NodeJS.ErrnoException & { dest?: string };
  if (e.code === 'ENOENT') return 'no such file';
  if (e.code === 'EACCES' || e.code === 'EPERM') return 'permission denied';
  if (e.code === 'EISDIR') return `${e.dest ?? e.path ?? 'it'} is a folder, not a file`;
  return err instanceof Error ? err.message : String(err);
}

export async function readConfig(path: string): Promise<ReadConfig> {
  let real: string;
  let bytes: Buffer;
  try {
    real = await realpath(path);
    bytes = await readFile(real);
  } catch (err) {
    return { ok: false, problem: `cannot read it: ${describeError(err)}` };
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { ok: false, problem: 'it is saved as UTF-16; save it as UTF-8 (hosts read UTF-8) and run again' };
  const decoded = bytes.toString('utf8');
  if (!Buffer.from(decoded, 'utf8').equals(bytes))
    return { ok: false, problem: 'it is not valid UTF-8; save it as UTF-8 and run again' };
  const bom = decoded.startsWith('\uFEFF');
  return { ok: true, file: { path: real, bytes, text: bom ? decoded.slice(1) : decoded, bom } };
}

export function encode(text: string, bom: boolean): Buffer {
  return Buffer.from(bom ? `\uFEFF${text}` : text, 'utf8');
}

/** The file was written by someone else (the host saving its own settings) between the read and the write. */
export class ChangedMeanwhile extends Error {}

/**
 * Write beside the file, then rename over it: a host reading the file sees the old bytes or the new, never half. The
 * new file keeps the old one's permissions (a config with secrets in `env` stays private). With `replaces`, the write
 * is dropped when the file no longer holds those bytes just before the rename: a host that saved the file meanwhile
 * (Claude Desktop writes its preferences there) keeps its write.
 */
export async function writeAtomic(
  path: string,
  bytes: Buffer,
  opts: { modeFrom?: string; replaces?: Buffer } = {},
): Promise<void> {
  let mode = 0o600;
  try {
    mode = (await stat(opts.modeFrom ?? path)).mode & 0o777;
  } catch {
    // a new file (the first backup): private by default
  }
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(tmp, 'wx', mode);
  try {
    await handle.writeFile(bytes);
    await handle.chmod(mode);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (opts.replaces && !(await readFile(path)).equals(opts.replaces))
      throw new ChangedMeanwhile('the file changed while this command ran (the host saved it?)');
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

export function backupPath(configPath: string): string {
  return `${configPath}.mrtr-backup`;
}

function recordPath(configPath: string): string {
  return `${backupPath(configPath)}.sha256`;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function readOptional(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Whether the file is exactly as the last wrap left it (so restoring the backup loses nothing). */
export async function unchangedSinceWrap(file: ConfigFile): Promise<boolean> {
  const record = await readOptional(recordPath(file.path));
  return record !== undefined && record.toString('utf8').trim() === sha256(file.bytes);
}

export async function readBackup(configPath: string): Promise<Buffer | undefined> {
  return readOptional(backupPath(configPath));
}

export interface WrapWrite {
  /** written: the backup is this file before this wrap; kept: an earlier wrap's backup stays */
  backup: 'written' | 'kept';
  /** whether `unwrap` can restore the backup byte for byte (false once the file changed since the last wrap) */
  restorable: boolean;
}

/**
 * Write the wrapped file with its backup and record (the backup first, so a crash never leaves a wrapped file with
 * no backup). `hadWrapped`: the file already had a wrapped entry before this wrap.
 */
export async function writeWrapped(file: ConfigFile, next: Buffer, hadWrapped: boolean): Promise<WrapWrite> {
  const backup = backupPath(file.path);
  const record = recordPath(file.path);
  // a backup of a file with wrapped entries cannot restore it unwrapped: only a matching record says it can
  const restorable = !hadWrapped || (await unchangedSinceWrap(file));
  const written = !hadWrapped || (await readOptional(backup)) === undefined;
  if (written) await writeAtomic(backup, file.bytes, { modeFrom: file.path });
  await writeAtomic(file.path, next, { replaces: file.bytes });
  if (restorable) await writeAtomic(record, Buffer.from(`${sha256(next)}\n`), { modeFrom: file.path });
  else await rm(record, { force: true });
  return { backup: written ? 'written' : 'kept', restorable };
}

/** After an unwrap the record is spent: the backup stays until the next wrap of an unwrapped file replaces it. */
export async function forgetWrap(configPath: string): Promise<void> {
  await rm(recordPath(configPath), { force: true });
}
