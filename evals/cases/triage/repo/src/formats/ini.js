// INI files, through the ini package. Sections become objects.
import ini from 'ini';

// INI files written by Windows tools are often Latin-1.
export const encoding = 'latin1';

export function parse(text) {
  return ini.parse(text);
}

export function stringify(data) {
  return ini.stringify(data);
}
