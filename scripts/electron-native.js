#!/usr/bin/env node
/**
 * Fetches better-sqlite3's prebuilt addon for the installed Electron into
 * `.electron-native/electron-<version>-<platform>-<arch>/better_sqlite3.node`, where Electron
 * main looks for it (`main/paths.ts`) and hands it to the worker as `nativeBinding`.
 *
 * The copy in node_modules stays the system-Node build, so tests, the CLI and serve mode keep
 * working; the Electron build sits beside it. better-sqlite3's own `prebuild-install` does the
 * download (from better-sqlite3's GitHub releases, so it needs the internet), run in a scratch
 * folder so it cannot overwrite node_modules/better-sqlite3/build.
 *
 * Usage: `node scripts/electron-native.js [--force]`; prints the addon's path.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** The installed Electron's version, from its package (its binary need not be present). */
export function electronVersion() {
  return require('electron/package.json').version;
}

/** The folder for one Electron version on this machine; `main/paths.ts` builds the same name. */
export function electronNativeDir(version = electronVersion()) {
  return join(root, '.electron-native', `electron-${version}-${process.platform}-${process.arch}`);
}

/**
 * npm exports settings of the script being run as `npm_config_*`/`npm_package_*`; some would
 * change what prebuild-install does (build from source, or skip a "git" install), so they are dropped.
 */
function prebuildEnv() {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('npm_package_') || name === 'npm_config_build_from_source') delete env[name];
  }
  return env;
}

/**
 * Returns the path of the Electron build of better-sqlite3, downloading it first unless it is
 * already there for the installed better-sqlite3 version. Throws with the manual steps when no
 * prebuilt addon can be fetched.
 */
export function ensureElectronNative({ force = false } = {}) {
  const version = electronVersion();
  const packageJson = require.resolve('better-sqlite3/package.json');
  const betterSqlite3 = JSON.parse(readFileSync(packageJson, 'utf8')).version;
  const dir = electronNativeDir(version);
  const addon = join(dir, 'better_sqlite3.node');
  // The stamp catches a better-sqlite3 upgrade: its JavaScript and its addon must match.
  const stamp = join(dir, 'better-sqlite3.version');
  if (!force && existsSync(addon) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === betterSqlite3) return addon;

  const scratch = mkdtempSync(join(tmpdir(), 'rwb-electron-native-'));
  try {
    // prebuild-install reads package.json from its working directory and unpacks the addon there.
    copyFileSync(packageJson, join(scratch, 'package.json'));
    const prebuildInstall = createRequire(packageJson).resolve('prebuild-install/bin.js');
    const target = ['--runtime', 'electron', '--target', version, '--platform', process.platform, '--arch', process.arch];
    const run = spawnSync(process.execPath, [prebuildInstall, ...target], { cwd: scratch, stdio: 'inherit', env: prebuildEnv() });
    const fetched = join(scratch, 'build', 'Release', 'better_sqlite3.node');
    if (run.status !== 0 || !existsSync(fetched)) {
      throw new Error(
        `no prebuilt better-sqlite3 ${betterSqlite3} for Electron ${version} (${process.platform}-${process.arch}) could be downloaded. ` +
          `Check the internet connection, or build it from source: copy node_modules/better-sqlite3 to a scratch folder, run ` +
          `\`npx node-gyp rebuild --release --runtime=electron --target=${version} --dist-url=https://electronjs.org/headers\` there, ` +
          `and copy build/Release/better_sqlite3.node to ${addon}, with "${betterSqlite3}" in ${stamp}.`,
      );
    }
    mkdirSync(dir, { recursive: true });
    // Copy then rename, so an interrupted run never leaves a truncated addon where main looks.
    copyFileSync(fetched, `${addon}.partial`);
    renameSync(`${addon}.partial`, addon);
    writeFileSync(stamp, `${betterSqlite3}\n`);
    return addon;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    console.log(ensureElectronNative({ force: process.argv.includes('--force') }));
  } catch (err) {
    console.error(`electron-native: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}
