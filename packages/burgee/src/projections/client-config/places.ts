/** Where each platform keeps a client's files, from the machine's facts alone (no file system read). */
import { posix, win32 } from 'node:path';

/** What the file paths depend on: the machine, never the file system. */
export type Place = {
  platform: NodeJS.Platform;
  home: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
};

export const pathFor = (place: Place) => (place.platform === 'win32' ? win32 : posix);
export const inHome =
  (...parts: string[]) =>
  (place: Place) =>
    pathFor(place).join(place.home, ...parts);
/** Per-user application data: `~/Library/Application Support` on macOS, `%APPDATA%` on Windows, XDG on Linux. */
export const appData = (place: Place): string => {
  const path = pathFor(place);
  if (place.platform === 'darwin') return path.join(place.home, 'Library', 'Application Support');
  if (place.platform === 'win32') return place.env.APPDATA ?? path.join(place.home, 'AppData', 'Roaming');
  return configHome(place);
};
/** The XDG config folder, which some clients use on every platform: `$XDG_CONFIG_HOME`, else `~/.config`. */
export const configHome = (place: Place): string =>
  place.env.XDG_CONFIG_HOME || pathFor(place).join(place.home, '.config');
/** `<configHome>/<parts>` on every platform but Windows, where it is `%APPDATA%/<windows>`. */
export const configFile =
  (parts: readonly string[], windows: readonly string[] = parts) =>
  (place: Place) =>
    place.platform === 'win32'
      ? pathFor(place).join(appData(place), ...windows)
      : pathFor(place).join(configHome(place), ...parts);
