// The native shells (Android, iOS) around the built web app.
//
//   node scripts/native.mjs sync    build the web app for the native app, then `cap sync` both platforms
//   node scripts/native.mjs check   `cap sync` the web app already built, then check that both
//                                   projects hold it and that the committed projects did not change
//
// Neither needs the Android SDK or Xcode: `cap sync` copies the web assets and writes the plugin
// lists (Gradle settings, Package.swift); building the apps is Android Studio's and Xcode's job.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist/client');
const targets = {
  android: path.join(root, 'android/app/src/main/assets/public'),
  ios: path.join(root, 'ios/App/App/public'),
};
const configs = {
  android: path.join(root, 'android/app/src/main/assets/capacitor.config.json'),
  ios: path.join(root, 'ios/App/App/capacitor.config.json'),
};

function run(cmd, args, env = process.env) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function fail(message) {
  console.error(`native check: ${message}`);
  process.exit(1);
}

/** Every file of the built web app, relative to it. */
function files(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

function sync() {
  const origin = process.env.VITE_API_ORIGIN;
  if (!origin) {
    console.warn(
      "VITE_API_ORIGIN is not set: the app will have no Glint server to talk to. Set it to the server's public origin, e.g.\n" +
        '  VITE_API_ORIGIN=https://glint.example npm run native:sync',
    );
  }
  run('vite', ['build']);
  run('cap', ['sync']);
}

function check() {
  if (!fs.existsSync(path.join(webDir, 'index.html'))) fail('dist/client has no index.html: run `npm run build` first.');
  run('cap', ['sync']);
  const built = files(webDir);
  for (const [platform, dir] of Object.entries(targets)) {
    if (!fs.existsSync(dir)) fail(`${platform}: ${path.relative(root, dir)} is missing after cap sync.`);
    const copied = new Set(files(dir));
    const missing = built.filter((f) => !copied.has(f));
    if (missing.length) fail(`${platform}: ${missing.length} web files not copied (first: ${missing[0]}).`);
    const same = fs.readFileSync(path.join(webDir, 'index.html')).equals(fs.readFileSync(path.join(dir, 'index.html')));
    if (!same) fail(`${platform}: index.html differs from dist/client's.`);
    const config = JSON.parse(fs.readFileSync(configs[platform], 'utf8'));
    if (config.webDir !== 'dist/client' || !config.appId) fail(`${platform}: capacitor.config.json was not written from capacitor.config.ts.`);
    console.log(`native check: ${platform} holds the ${built.length} files of the web app.`);
  }
  // Syncing writes the plugin lists into the projects: a plugin added without syncing shows here.
  const git = spawnSync('git', ['status', '--porcelain', '--', 'android', 'ios'], { cwd: root, encoding: 'utf8' });
  if (git.status === 0 && git.stdout.trim()) fail(`cap sync changed the committed native projects; commit the result:\n${git.stdout}`);
}

const command = process.argv[2];
if (command === 'sync') sync();
else if (command === 'check') check();
else fail(`unknown command "${command ?? ''}": use sync or check.`);
