import { readFileSync, statfsSync } from 'node:fs';
import { resolve, sep } from 'node:path';

/**
 * Linux `statfs` magic numbers (linux/magic.h) of filesystems whose locking and shared memory
 * SQLite's write-ahead log cannot rely on (sqlite.org/wal.html: "WAL does not work over a
 * network filesystem"), by the name a message gives them.
 */
const networkMagic = new Map<number, string>([
  [0x6969, 'NFS'],
  [0x517b, 'SMB'],
  [0xff534d42, 'SMB (CIFS)'],
  [0xfe534d42, 'SMB2'],
  [0x5346414f, 'AFS'],
  [0x6b414653, 'AFS'],
  [0x00c36400, 'Ceph'],
  [0x73757245, 'Coda'],
]);

const fuseMagic = 0x65735546;

/**
 * FUSE subtypes that reach another machine. A FUSE mount is also how local disks are mounted
 * (NTFS through ntfs-3g, encrypted folders), so only these are refused.
 */
const networkFuseSubtypes = new Set(['sshfs', 'rclone', 's3fs', 'gcsfuse', 'davfs', 'curlftpfs', 'glusterfs', 'smbnetfs', 'goofys', 'juicefs']);

/** What a folder's filesystem is, as the open needs it: the name of a network filesystem, or null for a local one. */
export type FilesystemProbe = (folder: string) => string | null;

/**
 * The network filesystem `folder` is on, or null. On Linux by the `statfs` magic number, and
 * for FUSE by the subtype `/proc/self/mountinfo` names for the deepest mount holding the
 * folder (`fuse.sshfs`); on Windows a UNC path (`\\server\share`) is a network share. Elsewhere,
 * or when the filesystem cannot be asked, the folder counts as local: refusing a corpus needs
 * evidence.
 */
export const networkFilesystemOf: FilesystemProbe = (folder) => {
  if (process.platform === 'win32') return /^\\\\(?![?.]\\)/.test(folder) ? 'a Windows network share' : null;
  if (process.platform !== 'linux') return null;
  let type: number;
  try {
    type = statfsSync(folder).type;
  } catch {
    return null;
  }
  const network = networkMagic.get(type);
  if (network) return network;
  if (type !== fuseMagic) return null;
  const subtype = fuseSubtypeOf(folder);
  return subtype !== null && networkFuseSubtypes.has(subtype) ? `FUSE ${subtype}` : null;
};

/** The FUSE subtype (`sshfs` of `fuse.sshfs`) of the deepest mount holding `folder`, from mountinfo. */
function fuseSubtypeOf(folder: string): string | null {
  let mountinfo: string;
  try {
    mountinfo = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return null;
  }
  const target = resolve(folder);
  let best: { point: string; fstype: string } | null = null;
  for (const line of mountinfo.split('\n')) {
    // "ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPEROPTIONS"
    const [before, after] = line.split(' - ');
    const point = before?.split(' ')[4]?.replace(/\\040/g, ' ');
    const fstype = after?.split(' ')[0];
    if (!point || !fstype) continue;
    const holds = target === point || point === sep || target.startsWith(point + sep);
    if (holds && (!best || point.length >= best.point.length)) best = { point, fstype };
  }
  return best?.fstype.startsWith('fuse.') ? best.fstype.slice('fuse.'.length) : null;
}
